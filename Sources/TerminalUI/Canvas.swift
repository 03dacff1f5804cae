/// One frame of the screen as rows of styled text: what the screens draw into and what the
/// curses layer copies to the terminal. Tests read it as plain text.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Each row's spans; a row is padded with blanks when drawn.
    public private(set) var rows: [[Span]]
    /// Where the terminal cursor goes (row, column), or nil to hide it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorCell.map { ($0[0], $0[1]) } }
        set { cursorCell = newValue.map { [$0.row, $0.column] } }
    }
    private var cursorCell: [Int]?

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        rows = Array(repeating: [], count: self.height)
    }

    /// Replaces row `row` with `spans`, cut to the width (rows outside the canvas are ignored).
    public mutating func put(_ row: Int, _ spans: [Span]) {
        guard row >= 0, row < height else { return }
        var left = width
        var kept: [Span] = []
        for span in spans where left > 0 {
            let text = CellWidth.truncate(span.text, to: left, ellipsis: "")
            left -= CellWidth.of(text)
            kept.append(Span(text, span.style))
        }
        rows[row] = kept
    }

    /// Replaces row `row` with one span.
    public mutating func put(_ row: Int, _ text: String, _ style: Style = .normal) {
        put(row, [Span(text, style)])
    }

    /// The text of row `row` without styles or trailing blanks.
    public func line(_ row: Int) -> String {
        guard row >= 0, row < height else { return "" }
        let text = rows[row].map(\.text).joined()
        return String(text.reversed().drop { $0 == " " }.reversed())
    }

    /// The whole frame as text, one line per row.
    public var text: String { (0..<height).map(line).joined(separator: "\n") }
}
