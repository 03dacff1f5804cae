import Foundation
import Sodium
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A file descriptor read as lines of secrets (`--stdin`), in chunks with a bound.
///
/// What one read takes past a newline is the start of the next line (`passcode change --stdin`
/// reads two), so the rest waits here; `standardInput` is the process's one reader of fd 0.
public final class LineReader: Sendable {
    /// The longest line accepted, newline excluded.
    public static let limit = 4096

    /// The reader of standard input, shared by everything in the process that reads it.
    public static let standardInput = LineReader(fd: 0)

    private let fd: Int32
    private let pending = Mutex<[UInt8]>([])

    /// A reader of `fd` (not closed by the reader).
    public init(fd: Int32) {
        self.fd = fd
    }

    /// The next line, without its newline.
    /// - Throws: `InputReadingError.noLine` at the end of input with nothing read,
    ///   `.lineTooLong` when the line is longer than `limit` (then nothing more is read), or
    ///   `.unreadable` when reading fails.
    public func next() throws -> [UInt8] {
        try pending.withLock { buffer in
            let limit = Self.limit
            var chunk = [UInt8](repeating: 0, count: limit)
            defer { Sodium.wipe(&chunk) }
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    guard newline <= limit else { throw Self.tooLong(&buffer) }
                    let line = Array(buffer[..<newline])
                    for index in 0...newline { buffer[index] = 0 }
                    buffer.removeSubrange(...newline)
                    return line
                }
                guard buffer.count <= limit else { throw Self.tooLong(&buffer) }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count < 0 { throw InputReadingError.unreadable(errno: errno) }
                guard count > 0 else { break }
                buffer += chunk[..<count]
            }
            guard !buffer.isEmpty else { throw InputReadingError.noLine }
            let line = buffer  // the storage moves to the caller; nothing is left behind
            buffer = []
            return line
        }
    }

    private static func tooLong(_ buffer: inout [UInt8]) -> InputReadingError {
        Sodium.wipe(&buffer)
        return InputReadingError.lineTooLong(limit: limit)
    }

    /// All of the input, as `all` reads it, which must be UTF-8 text: a keychain value or the
    /// secret read as text and shown as text (a binary file's bytes were stored, and came back
    /// with U+FFFD in place of every byte that is not UTF-8).
    /// - Throws: as `all`; `InputReadingError.valueNotUTF8` (naming `what`).
    public func allText(limit: Int, what: String) throws -> Data {
        let data = try all(limit: limit, what: what)
        guard data.withUnsafeBytes({ String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }) != nil else {
            throw InputReadingError.valueNotUTF8(what: what)
        }
        return data
    }

    /// All of the input (what no line has taken yet), up to `limit` bytes plus one trailing
    /// newline.
    /// - Throws: `InputReadingError.valueTooLarge` (naming `what`) when there is more, or
    ///   `.unreadable` when reading fails; nothing should be stored then.
    public func all(limit: Int, what: String) throws -> Data {
        try pending.withLock { buffer in
            var data = Data(buffer)
            buffer = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while data.count <= limit + 1 {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                // A closed standard input is not an empty value (`keychain set K <&-` stored one).
                if count < 0 { throw InputReadingError.unreadable(errno: errno) }
                guard count > 0 else { return data }
                data.append(contentsOf: chunk[..<count])
            }
            throw InputReadingError.valueTooLarge(what: what, limit: limit)
        }
    }
}
