import CNcurses

/// Terminal cell widths of text, so that columns line up with wide (CJK, emoji) characters.
enum CellWidth {
    /// The width of one scalar: the C library's `wcwidth` when the locale knows it, else a table.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let known = cl_wcwidth(scalar.value)
        if known >= 0 { return Int(known) }
        switch scalar.value {
        case 0xFE0F: return 1  // emoji presentation: the symbol before it takes two cells
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0E: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        case 0..<32, 127..<160: return 0
        default: return 1
        }
    }

    /// The width of `text`.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` cells (an ellipsis marks the cut when there is room).
    static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let room = width - of(ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let w = of(String(character))
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return room >= 0 ? result + ellipsis : result
    }

    /// `text` cut or padded with spaces to exactly `width` cells.
    static func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
