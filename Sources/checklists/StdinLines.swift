import Foundation
import Localization
import Sodium
import Synchronization

/// Standard input as lines of secrets (`--stdin`), read in chunks with a bound.
///
/// A thin facade over a process-wide resource: what one read takes past a newline is the start
/// of the next line (`passcode change --stdin` reads two), so the rest waits here.
enum StdinLines {
    /// The longest line accepted, newline excluded.
    static let limit = 4096

    private static let pending = Mutex<[UInt8]>([])

    /// The next line, without its newline.
    /// - Throws: `CLIError.usage` at the end of input with nothing read, or when the line is
    ///   longer than `limit` (then nothing more is read).
    static func next() throws -> [UInt8] {
        try pending.withLock { buffer in
            var chunk = [UInt8](repeating: 0, count: limit)
            defer { Sodium.wipe(&chunk) }
            while true {
                if let newline = buffer.firstIndex(of: 10) {
                    guard newline <= limit else { throw tooLong(&buffer) }
                    let line = Array(buffer[..<newline])
                    for index in 0...newline { buffer[index] = 0 }
                    buffer.removeSubrange(...newline)
                    return line
                }
                guard buffer.count <= limit else { throw tooLong(&buffer) }
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                buffer += chunk[..<count]
            }
            guard !buffer.isEmpty else { throw CLIError.usage(tr("expected a line on standard input")) }
            let line = buffer  // the storage moves to the caller; nothing is left behind
            buffer = []
            return line
        }
    }

    private static func tooLong(_ buffer: inout [UInt8]) -> CLIError {
        Sodium.wipe(&buffer)
        return CLIError.usage(
            tr("the line on standard input is longer than %d bytes; a passcode must be shorter", limit))
    }

    /// All of standard input (what no line has taken yet), up to `limit` bytes plus one trailing
    /// newline. - Throws: `CLIError.usage` when there is more (nothing is stored then).
    static func all(limit: Int, what: String) throws -> Data {
        try pending.withLock { buffer in
            var data = Data(buffer)
            buffer = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while data.count <= limit + 1 {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return data }
                data.append(contentsOf: chunk[..<count])
            }
            throw CLIError.usage(
                tr("%@ on standard input is larger than %d KiB; nothing was stored", what, limit >> 10))
        }
    }
}
