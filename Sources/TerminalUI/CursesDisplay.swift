import CNcurses
import TerminalText

#if canImport(Glibc)
    import Glibc
#endif

/// The only code that draws: copies a `Canvas` to the terminal through ncursesw (which sends
/// only the cells that changed) and reads keys. Colours only when NO_COLOR is unset.
final class CursesDisplay {
    private let colors: Bool
    private var attributes: [Style: Int32] = [:]

    /// Starts curses on the terminal (standard input and output); nil when the terminal type
    /// is unknown.
    init?(noColor: Bool) {
        guard cl_start() == 0 else { return nil }
        _ = cbreak()
        _ = noecho()
        _ = nonl()
        _ = keypad(cl_stdscr(), true)
        _ = nodelay(cl_stdscr(), true)
        _ = set_escdelay(25)
        colors = !noColor && has_colors()
        if colors {
            _ = start_color()
            _ = use_default_colors()
            _ = init_pair(1, Int16(COLOR_WHITE), Int16(COLOR_BLUE))
            _ = init_pair(2, Int16(COLOR_RED), -1)
        }
        let bold = cl_attr_bold()
        let reverse = cl_attr_reverse()
        attributes = [
            .normal: 0, .title: reverse | (colors ? cl_color_pair(1) : 0), .selected: reverse | bold,
            .dim: cl_attr_dim(), .bold: bold, .field: cl_attr_underline(),
            .alert: bold | (colors ? cl_color_pair(2) : 0),
        ]
        // Focus reports (CSI I / CSI O) come back as two extra keys.
        _ = define_key("\u{1b}[I", Self.focusIn)
        _ = define_key("\u{1b}[O", Self.focusOut)
        // A paste comes between CSI 200 ~ and CSI 201 ~ (see `readPaste`).
        _ = define_key("\u{1b}[200~", Self.pasteStart)
        _ = define_key("\u{1b}[201~", Self.pasteEnd)
        // Home and End as terminals and multiplexers send them whatever TERM says (tmux sends
        // CSI 1 ~ and CSI 4 ~, rxvt CSI 7 ~ and CSI 8 ~, a terminal not in application mode CSI H
        // and CSI F): unknown to the terminfo entry, they arrived as Esc and three more keys.
        for (sequence, key) in [
            ("[1~", KEY_HOME), ("[7~", KEY_HOME), ("[H", KEY_HOME), ("OH", KEY_HOME),
            ("[4~", KEY_END), ("[8~", KEY_END), ("[F", KEY_END), ("OF", KEY_END),
        ] {
            _ = define_key("\u{1b}" + sequence, Int32(key))
        }
        Self.write(Self.modesOn)
    }

    /// Focus reporting, "alternate scroll" (the wheel sends arrow keys on this full screen
    /// without capturing the mouse, so selecting text with it still works) and bracketed paste.
    static let modesOn = "\u{1b}[?1004h\u{1b}[?1007h\u{1b}[?2004h"
    static let modesOff = "\u{1b}[?2004l\u{1b}[?1007l\u{1b}[?1004l"

    static let focusIn: Int32 = Int32(KEY_MAX) + 1
    static let focusOut: Int32 = Int32(KEY_MAX) + 2
    static let pasteStart: Int32 = Int32(KEY_MAX) + 3
    static let pasteEnd: Int32 = Int32(KEY_MAX) + 4
    /// The most characters a paste keeps (the rest of a larger one is read and dropped).
    static let pasteLimit = 1 << 20

    /// The terminal's size in cells.
    var size: (width: Int, height: Int) { (Int(cl_cols()), Int(cl_lines())) }

    /// Copies `canvas` to the screen.
    func draw(_ canvas: Canvas) {
        _ = erase()
        for row in 0..<canvas.height {
            var column: Int32 = 0
            for span in canvas.rows[row] {
                // A backstop for text shown as typed (an edit field): a control character, a C1
                // control or a bidi override would reach the terminal; each shows as U+FFFD, one
                // cell wide (as `CellWidth` counts it).
                let chars = span.text.unicodeScalars.map {
                    wchar_t(bitPattern: TerminalText.isControl($0) ? 0xFFFD : $0.value)
                }
                chars.withUnsafeBufferPointer { buffer in
                    cl_put(Int32(row), column, buffer.baseAddress, Int32(buffer.count), attributes[span.style] ?? 0)
                }
                column += Int32(CellWidth.of(span.text))
            }
        }
        if let cursor = canvas.cursor {
            _ = curs_set(1)
            _ = move(Int32(cursor.row), Int32(cursor.column))
        } else {
            _ = curs_set(0)
        }
        _ = refresh()
    }

    /// The next key already typed, or nil when there is none.
    func readKey() -> Key? {
        var value: UInt32 = 0
        switch cl_read_key(&value) {
        case 0 where value == 27 && swallowedSequence(): return nil
        case 0: return Unicode.Scalar(value).map(Key.init(scalar:))
        case 1 where Int32(bitPattern: value) == Self.pasteStart: return readPaste()
        case 1: return Self.key(code: Int32(bitPattern: value))
        default: return nil
        }
    }

    /// After an Esc, whether the bytes already waiting are the rest of a control sequence the
    /// terminfo entry does not know (a function key, a key with modifiers: CSI or SS3 and its
    /// final byte); they are then read and dropped. Left as keys, the Esc went back (saving a
    /// note) and the rest acted as commands: in `ESC [ 1 ; 9 C` the 1 opened Checklists. Esc
    /// followed by anything else stays Esc, the other byte the next key.
    private func swallowedSequence() -> Bool {
        let introducer = wgetch(cl_stdscr())
        guard introducer == 91 || introducer == 79 else {  // "[" or "O"
            if introducer != ERR { _ = ungetch(introducer) }
            return false
        }
        // SS3 has one final byte; CSI parameter and intermediate bytes (0x20–0x3F), then one
        // final byte (0x40–0x7E). At most 32 bytes, in case it is not a sequence after all.
        for _ in 0..<32 {
            let byte = wgetch(cl_stdscr())
            if byte == ERR || introducer == 79 || (0x40...0x7E).contains(byte) { break }
        }
        return true
    }

    /// The rest of a bracketed paste, up to its end mark, as one `.paste`: read as keys, a
    /// pasted Esc or `q` would quit and leave the rest of the paste to the shell.
    ///
    /// Read as bytes and decoded here: ncurses' wide-character reader answered a byte that is
    /// not UTF-8 with an error and swallowed the rest of the paste ("Tea\u{FF} milk" became
    /// "Tea"). Such a byte becomes U+FFFD.
    private func readPaste() -> Key {
        var bytes: [UInt8] = []
        // Waits up to 1 s for each byte: an end mark that never comes ends the paste then.
        wtimeout(cl_stdscr(), 1000)
        defer { _ = nodelay(cl_stdscr(), true) }
        while true {
            let value = wgetch(cl_stdscr())
            if value == ERR || value == Self.pasteEnd { break }
            // A function key's sequence inside the text is dropped; so is what is past the limit.
            guard (0...255).contains(value), bytes.count < 4 * Self.pasteLimit else { continue }
            bytes.append(UInt8(value))
        }
        var text = String.UnicodeScalarView()
        var count = 0
        var afterReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where count < Self.pasteLimit {
            let wasReturn = afterReturn
            afterReturn = scalar.value == 13
            switch scalar.value {
            case 13: text.append("\n")
            case 10 where wasReturn: continue  // CR LF is one line break
            case 9, 10: text.append(scalar)
            case 0..<32, 127: continue
            default: text.append(scalar)
            }
            count += 1
        }
        return .paste(String(text))
    }

    static func key(code: Int32) -> Key? {
        switch code {
        case Int32(KEY_UP): .up
        case Int32(KEY_DOWN): .down
        case Int32(KEY_LEFT): .left
        case Int32(KEY_RIGHT): .right
        case Int32(KEY_HOME): .home
        case Int32(KEY_END): .end
        case Int32(KEY_NPAGE): .pageDown
        case Int32(KEY_PPAGE): .pageUp
        case Int32(KEY_BACKSPACE): .backspace
        case Int32(KEY_DC): .delete
        case Int32(KEY_ENTER): .enter
        case Int32(KEY_BTAB): .backTab
        case Int32(KEY_RESIZE): .resize
        case focusIn: .focus(true)
        case focusOut: .focus(false)
        default: nil
        }
    }

    /// Gives the terminal back (before Ctrl-Z stops the process, and at the end).
    func suspend() {
        Self.write(Self.modesOff)
        _ = endwin()
    }

    /// Takes the terminal again after `suspend`.
    func resume() {
        _ = refresh()
        Self.write(Self.modesOn)
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
    }
}
