import Foundation
import SessionKeyring

#if canImport(Glibc)
    import Glibc
#endif

/// What every front end does first: the data key and the user's text pass through its memory.
public enum ProcessProtection {
    /// Files and directories it creates are the user's alone (0600/0700); no core dump, and no
    /// ptrace or /proc/PID/mem by other processes of the same user (not dumpable).
    ///
    /// A write past the file size limit (`ulimit -f`) fails with EFBIG instead of ending the
    /// process with SIGXFSZ: killed mid-write, an export left its unencrypted temporary file
    /// beside the target and a change ended without a word; now the write's error is reported
    /// and cleaned up as a full disk's is.
    public static func apply() {
        umask(0o077)
        KernelKeyring.protectProcessMemory()
        signal(SIGXFSZ, SIG_IGN)
    }
}
