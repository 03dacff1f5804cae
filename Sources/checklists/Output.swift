import Foundation
import Localization
import PrivateFiles
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// Writes what the user sees. Standard output is buffered and written once at exit. Used by
/// the command's own thread only (the session calls its passcode entry on the caller's thread).
final class Output: @unchecked Sendable {
    private var buffer: [UInt8] = []
    /// Whether lines may be coloured (see `wantsColour`).
    let colour: Bool

    init(colour: Bool = false) {
        self.colour = colour
    }

    /// How a line stands out on a terminal.
    enum Style: String {
        /// Red: an unchecked item past its due date.
        case overdue = "\u{1B}[31m"
        /// Dimmed: a checked item.
        case done = "\u{1B}[2m"
    }

    /// Colour only on a terminal, never with `NO_COLOR` set to anything (no-color.org) or `TERM=dumb`.
    static func wantsColour(_ environment: [String: String]) -> Bool {
        isatty(1) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Appends one line to standard output. A backstop: whatever a command forgot to escape,
    /// no control character but newline and tab reaches the terminal (`--json` is exact).
    func line(_ text: String = "") {
        buffer.append(contentsOf: TerminalText.block(text).utf8)
        buffer.append(10)
    }

    /// Appends one line in `style` when colour is on (the style's codes are ours; the text is
    /// escaped as in `line`).
    func line(_ text: String, style: Style?) {
        guard colour, let style else { return line(text) }
        buffer.append(contentsOf: (style.rawValue + TerminalText.block(text) + "\u{1B}[0m").utf8)
        buffer.append(10)
    }

    /// Writes `value` as pretty, key-sorted JSON. The encoder escapes C0 controls only; DEL,
    /// C1 controls (U+009B is a CSI to xterm and VTE) and bidi marks are written as `\uXXXX`
    /// too (`TerminalText.appendEscapingControls`, as the JSON backup), so that `--json` on a
    /// terminal cannot be steered by stored text either, while the decoded text stays exact.
    func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        TerminalText.appendEscapingControls([UInt8](data), to: &buffer)
        buffer.append(10)
    }

    /// Writes one line to standard error at once, control characters escaped (as `line`).
    static func error(_ text: String) {
        try? writeAll(2, Array((TerminalText.block(text) + "\n").utf8), path: "")
    }

    /// The first failed write to standard output (a full disk, a closed descriptor), kept so
    /// that the command does not report success for output nobody got.
    private(set) var failure: FileError?

    /// Writes the buffered standard output; a failure is kept in `failure`.
    func flush() {
        do {
            if failure == nil { try Self.writeAll(1, buffer, path: tr("standard output")) }
        } catch {
            failure = error as? FileError
        }
        buffer.removeAll()
    }

    /// Writes all of `bytes` to `fd`.
    /// - Throws: `FileError` naming `path` when a write fails.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = SecureFile.retrying {
                bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            }
            guard n > 0 else { throw FileError(path: path, errno: errno) }
            offset += n
        }
    }
}
