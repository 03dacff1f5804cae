import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

// A closed standard descriptor would be the next file opened (a lock file, the keychain
// vault): `keychain set K <&-` read it as the value, and output could land in it. Each gets
// /dev/null opened the other way round, so using it fails as the closed descriptor did.
for (fd, flags) in [(Int32(0), O_WRONLY), (1, O_RDONLY), (2, O_RDONLY)] where fcntl(fd, F_GETFD) == -1 {
    let placeholder = open("/dev/null", flags | O_CLOEXEC)
    if placeholder >= 0 && placeholder != fd {
        dup2(placeholder, fd)
        close(placeholder)
    }
}
// Everything we create is private to the user (0700/0600); keys and text pass through this
// process's memory: no core dumps, no ptrace by other processes.
ProcessProtection.apply()
// TZ as glibc reads it, in a form Foundation follows; before any date is made.
UserLocale.adoptTZ()
// Messages follow LANG/LC_MESSAGES (po/*.po); before any text is made.
Localization.setUp()
// The arguments' bytes as given: CommandLine.arguments would silently replace invalid UTF-8.
var words: [String] = []
for index in 1..<Int(CommandLine.argc) {
    guard let bytes = CommandLine.unsafeArgv[index], let word = String(validatingCString: bytes) else {
        CLI.reportInvalidArgument(position: index)
        exit(ExitCode.usage.rawValue)
    }
    words.append(word)
}
exit(CLI.run(words, environment: processEnvironment()))

/// The environment as `ProcessInfo.processInfo.environment` gives it (split at the first "=",
/// invalid UTF-8 repaired, the last of duplicate names kept, entries without "=" left out),
/// read from `environ` directly: Foundation's version searched each entry Character by
/// Character, 6 % of a short command's instructions.
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(
                decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
        entry += 1
    }
    return result
}
