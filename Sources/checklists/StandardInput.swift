import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Text arguments given as `-` are read from standard input, so that they never show in
/// `/proc/PID/cmdline` (which every local user can read while the command runs).
enum StandardInput {
    /// The most standard input a command reads: 16 MiB.
    static let limit = 16 << 20

    /// `value`, or when it is `-`, standard input's text without its final newline.
    static func resolve(_ value: String) throws -> String {
        guard value == "-" else { return value }
        var text = String(decoding: try readAll(), as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }  // also removes "\r\n": one Character
        return text
    }

    /// Standard input's lines that are not blank (a trailing "\r" removed): one per item.
    static func lines() throws -> [String] {
        String(decoding: try readAll(), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Refuses more than one `-` among `values` (named for the message): standard input can
    /// be read once.
    static func expectAtMostOne(_ values: KeyValuePairs<String, String?>) throws {
        let dashes = values.filter { $0.value == "-" }.map(\.key)
        guard dashes.count <= 1 else {
            throw CLIError.usage(
                tr(
                    "only one argument can be - (standard input is read once), not %@",
                    dashes.joined(separator: tr(" and "))))
        }
    }

    /// All of standard input, refused beyond `limit` bytes.
    static func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(0, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
            if bytes.count > limit {
                throw CLIError.usage(tr("standard input is larger than %d MiB; give less text", limit >> 20))
            }
        }
        return bytes
    }
}
