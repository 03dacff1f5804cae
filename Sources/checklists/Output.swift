import Foundation
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

    /// Writes `value` as pretty, key-sorted JSON.
    func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        buffer.append(contentsOf: data)
        buffer.append(10)
    }

    /// Writes one line to standard error at once, control characters escaped (as `line`).
    static func error(_ text: String) {
        writeAll(2, Array((TerminalText.block(text) + "\n").utf8))
    }

    /// Writes the buffered standard output.
    func flush() {
        Self.writeAll(1, buffer)
        buffer.removeAll()
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// Terminal column widths, so that names in Chinese or with emoji line up.
enum TextWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0xFE0F: width + 1  // emoji presentation: the preceding symbol takes two cells
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0E: width
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                width + 2
            default: width + 1
            }
        }
    }

    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}

extension TextWidth {
    /// `number` right-aligned in at least `width` columns; never traps on a wider number.
    static func rightAligned(_ number: Int64, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, width - digits.count)) + digits
    }
}
