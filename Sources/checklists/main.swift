import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Everything we create is private to the user: directories 0700, files 0600.
umask(0o077)
exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
