/// Makes stored text safe to show on a terminal: control characters are shown as visible
/// escapes instead of being obeyed, so a name cannot set the window title, clear the screen,
/// move the cursor, reorder text (bidi overrides) or fake a line of output.
///
/// The escapes: `\e` (ESC), `\a`, `\b`, `\t`, `\n`, `\v`, `\f`, `\r`; other C0 controls and DEL
/// as `\xHH`; C1 controls (U+0080–U+009F), bidi and line-separator controls as `\u{HHHH}`.
/// A backslash itself is left as it is, so ordinary text reads unchanged; `--json` is the
/// exact form.
public enum TerminalText {
    /// `text` on one line: every control character escaped, newlines and tabs included.
    public static func line(_ text: String) -> String {
        escaped(text, keepingLines: false)
    }

    /// `text` as a block of lines: newlines and tabs kept, every other control escaped.
    public static func block(_ text: String) -> String {
        escaped(text, keepingLines: true)
    }

    /// Whether `scalar` changes how a terminal shows what follows (and so must be escaped).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Arabic letter mark, LRM/RLM, line/paragraph separators, LRE…RLO, LRI…PDI.
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A plain flag rather than a `Set` of kept scalars: building a `Set<UInt32>` is the first
    /// use of `UInt32: Hashable` at run time, a scan of every conformance in the binary.
    private static func escaped(_ text: String, keepingLines: Bool) -> String {
        func kept(_ scalar: Unicode.Scalar) -> Bool { keepingLines && (scalar == "\n" || scalar == "\t") }
        // Fast path: almost all text has nothing to escape.
        guard text.unicodeScalars.contains(where: { isControl($0) && !kept($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !kept(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            result += escape(scalar)
        }
        return result
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        default: return "\\u{" + hex(scalar.value, digits: 4) + "}"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
