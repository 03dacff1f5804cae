import Foundation
import SessionKeyring

#if canImport(Glibc)
    import Glibc
#endif

/// What every front end does first: the data key and the user's text pass through its memory.
public enum ProcessProtection {
    /// Files and directories it creates are the user's alone (0600/0700); no core dump, and no
    /// ptrace or /proc/PID/mem by other processes of the same user (not dumpable).
    public static func apply() {
        umask(0o077)
        KernelKeyring.protectProcessMemory()
    }
}
