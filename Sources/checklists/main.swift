import Foundation
import SessionKeyring

#if canImport(Glibc)
    import Glibc
#endif

// Everything we create is private to the user: directories 0700, files 0600.
umask(0o077)
// Keys pass through this process's memory: no core dumps, no ptrace by other processes.
KernelKeyring.protectProcessMemory()
exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
