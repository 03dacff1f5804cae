import Foundation
import Localization

/// What a bounded read of standard input refuses. Every case is bad input (a usage error).
public enum InputReadingError: Error, Sendable, Equatable {
    /// More than one argument is `-` (named); standard input can be read once.
    case severalDashes([String])
    /// Standard input holds more than `limit` bytes.
    case tooLarge(limit: Int)
    /// The input ended before a line began.
    case noLine
    /// A line is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    /// `what` (e.g. "the secret") is larger than `limit` bytes.
    case valueTooLarge(what: String, limit: Int)
    /// Standard input cannot be read (closed, a directory): the errno.
    case unreadable(errno: Int32)
    /// Line `line` (from 1) of standard input is not valid UTF-8.
    case notUTF8(line: Int)
    /// `what` (e.g. "the value"), read whole from standard input, is not valid UTF-8.
    case valueNotUTF8(what: String)
}

extension InputReadingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .severalDashes(let names):
            tr(
                "only one argument can be - (standard input is read once), not %@",
                names.joined(separator: tr(" and ")))
        case .tooLarge(let limit): tr("standard input is larger than %d MiB; give less text", limit >> 20)
        case .noLine: tr("expected a line on standard input")
        case .lineTooLong(let limit):
            tr("the line on standard input is longer than %d bytes; a passcode must be shorter", limit)
        case .valueTooLarge(let what, let limit):
            tr("%@ on standard input is larger than %d KiB; nothing was stored", what, limit >> 10)
        case .unreadable(let errno): tr("cannot read standard input: %@", String(cString: strerror(errno)))
        case .notUTF8(let line): tr("line %d of standard input is not valid UTF-8; nothing was stored", line)
        case .valueNotUTF8(let what): tr("%@ on standard input is not valid UTF-8; nothing was stored", what)
        }
    }
}
