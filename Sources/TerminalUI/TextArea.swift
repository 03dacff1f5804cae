/// A multi-line text editor: lines of characters and a cursor that moves between them.
public struct TextArea: Sendable, Equatable {
    public private(set) var lines: [[Character]]
    public private(set) var row = 0
    public private(set) var column = 0
    /// The first row shown: a line, and which of its wrapped rows.
    private var topLine = 0
    private var topPart = 0

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
        topLine = min(topLine, row)
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
        case .up, .down:
            if let wrapWidth { moveByRow(key == .up ? -1 : 1, width: wrapWidth); return true }
            if key == .up, row > 0 { row -= 1; column = min(column, lines[row].count) }
            if key == .down, row + 1 < lines.count { row += 1; column = min(column, lines[row].count) }
        case .home, .control("a"): column = 0
        case .end, .control("e"): column = lines[row].count
        default: return false
        }
        return true
    }

    /// The lines that fit in `height` rows of `width` cells, and the cursor in them. Lines wrap
    /// at the last space that fits (anywhere in text without spaces), so a long paragraph reads
    /// as it does in a text editor; ↑ and ↓ then move by the rows shown. A line of more than
    /// `wrapLimit` characters shows one row that scrolls sideways on the cursor, as a one-line
    /// field does, and its start elsewhere: a 13 MB line is not wrapped on every frame.
    public mutating func visible(width: Int, height: Int) -> (lines: [String], cursor: (row: Int, column: Int)) {
        let height = max(1, height)
        let width = max(2, width)
        wrapWidth = width
        let cursor = place(row: row, column: column, width: width)
        if topPart >= parts(of: topLine, width: width).count { topPart = 0 }  // the text changed
        if (row, cursor.part) < (topLine, topPart) { (topLine, topPart) = (row, cursor.part) }
        // Back from the cursor's row, as many rows as fit, when the cursor is below the window.
        var first = (line: row, part: cursor.part)
        var count = 1
        while height > count, (topLine, topPart) < first {
            first =
                first.part > 0
                ? (first.line, first.part - 1) : (first.line - 1, parts(of: first.line - 1, width: width).count - 1)
            count += 1
        }
        if count == height { (topLine, topPart) = first }
        var shown: [String] = []
        var cursorRow = 0
        var line = topLine
        var part = topPart
        while shown.count < height, line < lines.count {
            let starts = parts(of: line, width: width)
            if line == row && part == cursor.part { cursorRow = shown.count }
            shown.append(text(of: line, part: part, starts: starts, width: width))
            part += 1
            if part == starts.count { (line, part) = (line + 1, 0) }
        }
        return (shown, (cursorRow, cursor.column))
    }

    /// The longest line that wraps (characters).
    static let wrapLimit = 4_000

    /// The width the lines were last shown at: ↑ and ↓ move by its rows.
    private var wrapWidth: Int?

    /// The first character of each row line `index` shows at `width` (one row, `[0]`, for a line
    /// over `wrapLimit`).
    private func parts(of index: Int, width: Int) -> [Int] {
        let line = lines[index]
        guard line.count <= Self.wrapLimit else { return [0] }
        var starts = [0]
        var used = 0
        var lastSpace: Int?
        for (offset, character) in line.enumerated() {
            let cells = Self.cells(character)
            let rowStart = starts[starts.count - 1]
            if used + cells > width, offset > rowStart {
                let start = lastSpace.flatMap { $0 > rowStart ? $0 + 1 : nil } ?? offset
                starts.append(start)
                used = line[start..<offset].reduce(0) { $0 + Self.cells($1) }
                lastSpace = nil
            }
            used += cells
            if character == " " || character == "\t" { lastSpace = offset }
        }
        return starts
    }

    /// The text of one row (tabs shown as spaces).
    private func text(of index: Int, part: Int, starts: [Int], width: Int) -> String {
        let line = lines[index]
        if line.count > Self.wrapLimit {
            if index == row { return String(TextField.window(line, cursor: column, width: width).text.map(Self.shown)) }
            return CellWidth.truncate(String(line.prefix(width * 4 + 1).map(Self.shown)), to: width)
        }
        let end = part + 1 < starts.count ? starts[part + 1] : line.count
        return String(line[starts[part]..<end].map(Self.shown))
    }

    /// Which row of its line the cursor is on, and its column in that row.
    private func place(row: Int, column: Int, width: Int) -> (part: Int, column: Int) {
        let line = lines[row]
        if line.count > Self.wrapLimit { return (0, TextField.window(line, cursor: column, width: width).cursorColumn) }
        let starts = parts(of: row, width: width)
        let part = (starts.lastIndex { $0 <= column }) ?? 0
        return (part, line[starts[part]..<column].reduce(0) { $0 + Self.cells($1) })
    }

    /// Moves the cursor one shown row up or down (`by` -1 or 1), keeping its column where the
    /// row is long enough.
    private mutating func moveByRow(_ by: Int, width: Int) {
        let (part, cells) = place(row: row, column: column, width: width)
        var target = (line: row, part: part + by)
        if target.part < 0 {
            guard row > 0 else { return }
            target = (row - 1, parts(of: row - 1, width: width).count - 1)
        } else if target.part >= parts(of: row, width: width).count {
            guard row + 1 < lines.count else { return }
            target = (row + 1, 0)
        }
        let line = lines[target.line]
        let starts = parts(of: target.line, width: width)
        let end = target.part + 1 < starts.count ? starts[target.part + 1] - 1 : line.count
        var offset = starts[target.part]
        var used = 0
        while offset < end, used + Self.cells(line[offset]) <= cells {
            used += Self.cells(line[offset])
            offset += 1
        }
        (row, column) = (target.line, line.count > Self.wrapLimit ? min(column, line.count) : offset)
    }

    private static func shown(_ character: Character) -> Character { character == "\t" ? " " : character }

    private static func cells(_ character: Character) -> Int { CellWidth.of(String(shown(character))) }
}
