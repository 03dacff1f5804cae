import Testing

@testable import TerminalUI

@Suite struct TextFieldTests {
    @Test func editsUnicodeByCharacterWithTheCursor() {
        var field = TextField("Milch")
        field.handle(.left)
        field.handle(.left)
        field.handle(.character("ü"))
        #expect(field.text == "Milüch")
        field.handle(.home)
        field.handle(.character("🛒"))
        field.handle(.end)
        field.handle(.backspace)
        #expect(field.text == "🛒Milüc")
        #expect(field.cursor == 6)
    }

    @Test func aPasteKeepsOneLineAndDropsControlCharacters() {
        var field = TextField()
        field.insert("two\nlines\u{1b}[2J")
        #expect(field.text == "two lines[2J")
    }

    /// A bracketed paste reaches a field as one key; a note's body keeps its lines and tabs.
    @Test func aPasteKeyIsTextInAFieldAndLinesInABody() {
        var field = TextField("a")
        let pasted = field.handle(.paste("b\nc\u{7}"))
        #expect(pasted && field.text == "ab c")
        var body = TextArea("x")
        let pastedInBody = body.handle(.paste("one\ntwo\tthree\u{1b}"))
        #expect(pastedInBody && body.text == "one\ntwo\tthreex")
    }

    @Test func scrollsToKeepTheCursorInsideANarrowField() {
        let field = TextField(String(repeating: "汉", count: 30))
        let (shown, column) = field.visible(width: 10)
        #expect(CellWidth.of(shown) <= 10)
        #expect(column <= 9)
    }

    @Test func blankTextCountsAsEmpty() {
        #expect(TextField("   ").isBlank)
        #expect(!TextField(" a ").isBlank)
    }
}
