/// Terminal column widths, so that names in Chinese or with emoji line up. A fixed table (no
/// locale needed): the CLI's columns use it, and the terminal UI falls back on it where the C
/// library's `wcwidth` does not know a character.
public enum TextWidth {
    /// The columns `scalar` takes by the table: 2 for East Asian wide and emoji, 0 for combining
    /// marks and zero-width characters, else 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0xFE0F: 1  // emoji presentation: the preceding symbol takes two cells
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0E: 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }

    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        var columns = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            columns += of(scalar, after: previous)
            previous = scalar
        }
        return columns
    }

    /// The columns `scalar` adds after `previous`: an emoji presentation selector widens only a
    /// symbol that would take one column (`☂` + U+FE0F); after an emoji already two wide
    /// (`👍` + U+FE0F, as keyboards send it) it adds nothing.
    static func of(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Int {
        guard scalar.value == 0xFE0F else { return of(scalar) }
        return previous.map { of($0) == 1 ? 1 : 0 } ?? 0
    }

    /// The columns `text` takes, counted only up to `limit`: a column as wide as its widest
    /// name needs no more (a 13 MB list name made `lists` take seconds).
    public static func of(_ text: String, upTo limit: Int) -> Int {
        var columns = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if columns >= limit { break }
            columns += of(scalar, after: previous)
            previous = scalar
        }
        return min(columns, max(0, limit))
    }

    /// `text` padded with spaces to at least `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text, upTo: width)))
    }

    /// `number` right-aligned in at least `width` columns; never traps on a wider number.
    public static func rightAligned(_ number: Int64, to width: Int) -> String {
        let digits = String(number)
        return String(repeating: " ", count: max(0, width - digits.count)) + digits
    }
}
