/// A multi-line text editor: lines of characters and a cursor that moves between them.
public struct TextArea: Sendable, Equatable {
    public private(set) var lines: [[Character]]
    public private(set) var row = 0
    public private(set) var column = 0
    private var top = 0

    public init(_ text: String = "") {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        if lines.isEmpty { lines = [[]] }
    }

    /// The text, lines joined with newlines.
    public var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Replaces the whole text (changed elsewhere); the cursor stays, inside the new text.
    public mutating func replaceText(_ text: String) {
        lines = TextArea(text).lines
        row = min(row, lines.count - 1)
        column = min(column, lines[row].count)
        top = min(top, row)
    }

    /// Applies an editing key; returns false for keys it does not use.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            lines[row].insert(c, at: column)
            column += 1
        case .paste(let text):
            for c in text {
                if c.isNewline {
                    handle(.enter)
                } else if c == "\t" || !c.unicodeScalars.allSatisfy({ $0.value < 32 || $0.value == 127 }) {
                    handle(.character(c))
                }
            }
        case .enter:
            let rest = Array(lines[row][column...])
            lines[row].removeSubrange(column...)
            lines.insert(rest, at: row + 1)
            row += 1
            column = 0
        case .backspace:
            if column > 0 {
                lines[row].remove(at: column - 1)
                column -= 1
            } else if row > 0 {
                column = lines[row - 1].count
                lines[row - 1] += lines[row]
                lines.remove(at: row)
                row -= 1
            }
        case .delete:
            if column < lines[row].count {
                lines[row].remove(at: column)
            } else if row + 1 < lines.count {
                lines[row] += lines[row + 1]
                lines.remove(at: row + 1)
            }
        case .left:
            if column > 0 { column -= 1 } else if row > 0 { row -= 1; column = lines[row].count }
        case .right:
            if column < lines[row].count { column += 1 } else if row + 1 < lines.count { row += 1; column = 0 }
        case .up: if row > 0 { row -= 1; column = min(column, lines[row].count) }
        case .down: if row + 1 < lines.count { row += 1; column = min(column, lines[row].count) }
        case .home, .control("a"): column = 0
        case .end, .control("e"): column = lines[row].count
        default: return false
        }
        return true
    }

    /// The lines that fit in `height` rows, and the cursor in them. The cursor's line scrolls
    /// sideways, as a one-line field does, so that what is typed past the right edge shows; the
    /// other lines show their start, cut to `width` cells. (A line wider than the screen used to
    /// stay cut at the edge with the cursor stuck there, and the typing went on out of sight.)
    public mutating func visible(width: Int, height: Int) -> (lines: [String], cursor: (row: Int, column: Int)) {
        let height = max(1, height)
        if row < top { top = row }
        if row >= top + height { top = row - height + 1 }
        // Only a line's first characters can show: a 13 MB line is not copied and measured on
        // every frame (the cursor's line is measured back from the cursor, see `TextField.window`).
        var shown = lines[top..<min(lines.count, top + height)].map {
            CellWidth.truncate(
                $0.prefix(width * 4 + 1).map { $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) }, to: width)
        }
        let (line, column) = TextField.window(lines[row], cursor: self.column, width: width)
        shown[row - top] = String(line.map { $0 == "\t" ? " " : $0 })
        return (shown, (row - top, column))
    }
}
