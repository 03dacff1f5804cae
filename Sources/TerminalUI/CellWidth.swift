import CNcurses
import TerminalText

/// Terminal cell widths of text, so that columns line up with wide (CJK, emoji) characters.
enum CellWidth {
    /// The width of one scalar: the C library's `wcwidth` when the locale knows it, else the
    /// shared table (`TextWidth`); a control takes one cell, as the U+FFFD that shows it.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        if TerminalText.isControl(scalar) { return 1 }
        let known = cl_wcwidth(scalar.value)
        return known >= 0 ? Int(known) : TextWidth.of(scalar)
    }

    /// The width of `text`.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// `text` cut to at most `width` cells (an ellipsis marks the cut when there is room).
    /// Looks at no more of `text` than the width needs: a row of a 13 MB item is cut from its
    /// first characters, not measured whole on every frame.
    static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let room = width - of(ellipsis)
        var cut = text.startIndex
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            used += of(String(text[index..<next]))
            if used > width { return room >= 0 ? String(text[..<cut]) + ellipsis : String(text[..<cut]) }
            if used <= room { cut = next }
            index = next
        }
        return text
    }

    /// The cells a row's trailing detail (an item's due date, a search result's list) may take
    /// of `room`: all it needs while the text before it keeps 20 cells, or half of `room` on a
    /// narrow terminal; else what is left. (The date took every cell of a 30-column row, and
    /// no letter of the item showed.)
    static func detailRoom(needed: Int, of room: Int) -> Int {
        max(0, min(needed, room - min(20, room / 2)))
    }

    /// `text` (one line) broken into lines of at most `width` cells: at the last space that fits
    /// where there is one, else where the line is full (Chinese, written without spaces, breaks
    /// anywhere). The space at a break is dropped. Stops after `limit` lines, so a screenful of
    /// a huge text is wrapped without reading the rest.
    static func wrap(_ text: String, width: Int, limit: Int = .max) -> [String] {
        var lines: [String] = []
        var line = ""
        var used = 0
        var lastSpace: String.Index?
        for character in text {
            guard lines.count < limit else { return lines }
            let cells = of(String(character))
            if used + cells > width && !line.isEmpty {
                if character == " " {
                    lines.append(line)
                    (line, used, lastSpace) = ("", 0, nil)
                    continue
                }
                if let space = lastSpace {
                    lines.append(String(line[..<space]))
                    line = String(line[line.index(after: space)...])
                } else {
                    lines.append(line)
                    line = ""
                }
                used = of(line)
                lastSpace = nil
            }
            line.append(character)
            used += cells
            if character == " " { lastSpace = line.index(before: line.endIndex) }
        }
        if lines.count < limit { lines.append(line) }
        return lines
    }

    /// `text` cut or padded with spaces to exactly `width` cells.
    static func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
