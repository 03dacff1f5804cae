import Foundation
import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Text arguments given as `-` are read from standard input, so that they never show in
/// `/proc/PID/cmdline` (which every local user can read while the command runs).
public enum StandardInput {
    /// The most standard input a command reads: 16 MiB.
    public static let limit = 16 << 20

    /// `value`, or when it is `-`, standard input's text without its final newline.
    /// - Throws: `InputReadingError.tooLarge` beyond `limit` bytes.
    public static func resolve(_ value: String) throws -> String { try resolve(value, from: 0) }

    /// `value`, or when it is `-`, the text of `fd` without its final newline.
    /// - Throws: `InputReadingError.tooLarge` beyond `limit` bytes.
    public static func resolve(_ value: String, from fd: Int32) throws -> String {
        guard value == "-" else { return value }
        let bytes = withoutByteOrderMark(try readAll(fd))
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw InputReadingError.notUTF8(line: lineNumber(ofFirstInvalidByteIn: bytes))
        }
        // "\r\n" is one Character, which `hasSuffix("\n")` does not match: test both.
        if text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
        return text
    }

    /// The input's lines that are not blank (a trailing "\r" removed): one per item.
    /// - Throws: `InputReadingError.tooLarge` beyond `limit` bytes, `.notUTF8` for a line
    ///   that is not UTF-8 (a Latin-1 file's "Café" was stored as "Caf\u{FFFD}").
    public static func lines(from fd: Int32 = 0) throws -> [String] {
        try lines(of: withoutByteOrderMark(try readAll(fd)))
    }

    /// `bytes` without the UTF-8 byte order mark a file saved by Windows Notepad starts with:
    /// it was kept as an invisible U+FEFF at the start of the first item, name or note, so
    /// that item differed from the same text typed.
    static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }

    /// The lines of `bytes` that are not blank, as `lines(from:)` reads them. Split at the newline
    /// byte, not by Character: a 13 MB line took seconds to split into graphemes and trim.
    static func lines(of bytes: ArraySlice<UInt8>) throws -> [String] {
        let whitespace = CharacterSet.whitespaces
        var number = 0
        return try bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).compactMap { line in
            number += 1
            guard let text = String(validating: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            else { throw InputReadingError.notUTF8(line: number) }
            return text.unicodeScalars.allSatisfy(whitespace.contains) ? nil : text
        }
    }

    /// The 1-based line of the first byte that is not UTF-8 in `bytes`.
    static func lineNumber(ofFirstInvalidByteIn bytes: ArraySlice<UInt8>) -> Int {
        var number = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if String(validating: line, as: UTF8.self) == nil { return number }
        }
        return number
    }

    /// Refuses more than one `-` among `values` (named for the message): standard input can
    /// be read once.
    /// - Throws: `InputReadingError.severalDashes`.
    public static func expectAtMostOne(_ values: KeyValuePairs<String, String?>) throws {
        let dashes = values.filter { $0.value == "-" }.map(\.key)
        guard dashes.count <= 1 else { throw InputReadingError.severalDashes(dashes) }
    }

    /// All of the input, refused beyond `limit` bytes.
    /// - Throws: `InputReadingError.tooLarge`, `.unreadable` when reading fails.
    public static func readAll(_ fd: Int32 = 0) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            // A closed descriptor or a directory is not empty input ("An item needs some text").
            if n < 0 { throw InputReadingError.unreadable(errno: errno) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
            if bytes.count > limit { throw InputReadingError.tooLarge(limit: limit) }
        }
        return bytes
    }
}
