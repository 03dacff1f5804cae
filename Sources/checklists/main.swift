import Foundation
import Localization
import SessionKeyring

#if canImport(Glibc)
    import Glibc
#endif

// Everything we create is private to the user: directories 0700, files 0600.
umask(0o077)
// Messages follow LANG/LC_MESSAGES (po/*.po); before any text is made.
Localization.setUp()
// Keys pass through this process's memory: no core dumps, no ptrace by other processes.
KernelKeyring.protectProcessMemory()
// The arguments' bytes as given: CommandLine.arguments would silently replace invalid UTF-8.
var words: [String] = []
for index in 1..<Int(CommandLine.argc) {
    guard let bytes = CommandLine.unsafeArgv[index], let word = String(validatingCString: bytes) else {
        CLI.reportInvalidArgument(position: index)
        exit(ExitCode.usage.rawValue)
    }
    words.append(word)
}
exit(CLI.run(words, environment: ProcessInfo.processInfo.environment))
