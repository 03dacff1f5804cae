import Testing

@testable import TerminalUI

/// A note's body as the terminal UI edits it: lines wrap at the screen's width, and the
/// cursor moves through the rows shown.
@Suite struct TextAreaTests {
    func typed(_ text: String, into area: inout TextArea) {
        for c in text { area.handle(c == "\n" ? .enter : .character(c)) }
    }

    /// A paragraph wraps at its spaces and the cursor follows what is typed (it scrolled sideways
    /// and showed the paragraph's start cut at the edge once the cursor left the line).
    @Test func aLongLineWrapsAtItsSpaces() {
        var body = TextArea("short")
        body.handle(.end)
        typed("\nThis is a long body line that keeps going well past forty columns END", into: &body)
        let (lines, cursor) = body.visible(width: 36, height: 5)
        #expect(lines == ["short", "This is a long body line that keeps ", "going well past forty columns END"])
        #expect(cursor.row == 2 && cursor.column == 33)
        body.handle(.up)
        let (again, moved) = body.visible(width: 36, height: 5)
        #expect(again == lines)
        #expect(moved.row == 1 && moved.column == 33)
        #expect(body.row == 1 && body.column == 33)  // "keeps" is at 30..<35 of the line
    }

    /// Chinese, written without spaces, wraps where the row is full; wide characters take two cells.
    @Test func textWithoutSpacesWrapsWhereTheRowIsFull() {
        var body = TextArea(String(repeating: "汉", count: 25))
        let (lines, _) = body.visible(width: 20, height: 5)
        #expect(
            lines == [
                String(repeating: "汉", count: 10), String(repeating: "汉", count: 10), String(repeating: "汉", count: 5),
            ])
    }

    /// ↓ at the last row of a wrapped line goes to the next line; ↑ from the next line comes back
    /// to the wrapped line's last row, at the same column where it is long enough.
    @Test func upAndDownMoveByTheRowsShown() {
        var body = TextArea("aaaa bbbb cccc\nxy")
        _ = body.visible(width: 10, height: 5)
        #expect(body.visible(width: 10, height: 5).lines == ["aaaa bbbb ", "cccc", "xy"])
        body.handle(.down)
        #expect(body.row == 0 && body.column == 10)  // the second row, "cccc"
        body.handle(.down)
        #expect(body.row == 1 && body.column == 0)
        body.handle(.end)
        body.handle(.up)
        #expect(body.row == 0 && body.column == 12)  // "cccc", two cells in
        body.handle(.up)
        #expect(body.row == 0 && body.column == 2)
        body.handle(.up)
        #expect(body.row == 0 && body.column == 2)  // the first row: nowhere to go
    }

    /// The window keeps the cursor's row in sight as wrapped rows push it down, and shows the
    /// rows before it when it goes back.
    @Test func theWindowFollowsTheCursorThroughWrappedRows() {
        var body = TextArea()
        typed((1...8).map { "line \($0) has words enough to wrap" }.joined(separator: "\n"), into: &body)
        let (lines, cursor) = body.visible(width: 20, height: 4)
        #expect(lines.count == 4 && cursor.row == 3)
        #expect(lines[3] == "enough to wrap", "\(lines)")
        for _ in 0..<20 { body.handle(.up) }
        let (top, start) = body.visible(width: 20, height: 4)
        #expect(top[0] == "line 1 has words " && start.row == 0, "\(top)")
    }

    /// A line over the wrap limit is one row that scrolls sideways on the cursor: a 200,000
    /// character line is not wrapped on every frame.
    @Test(.timeLimit(.minutes(1))) func aHugeLineScrollsSideways() {
        var body = TextArea(String(repeating: "y", count: 200_000) + "\nsecond")
        body.handle(.end)
        let (lines, cursor) = body.visible(width: 20, height: 3)
        #expect(lines == [String(repeating: "y", count: 19), "second"])
        #expect(cursor.column == 19)
        body.handle(.down)
        #expect(body.row == 1)
    }
}
