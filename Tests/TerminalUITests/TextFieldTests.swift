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

    /// Editing a huge item: the field scrolled by measuring from the front again for each
    /// start, quadratic in the text (200,000 characters took minutes; a 13 MB item never drew).
    @Test(.timeLimit(.minutes(1))) func aHugeTextShowsItsEndAtOnce() {
        let field = TextField(String(repeating: "x", count: 199_990) + "汉字 end")
        let (shown, column) = field.visible(width: 20)
        #expect(shown == "xxxxxxxxxxx汉字 end")
        #expect(column == 19)
        #expect(CellWidth.truncate(String(repeating: "z", count: 200_000), to: 5) == "zzzz…")
        #expect(CellWidth.fit("ab汉", to: 6) == "ab汉  ")
        #expect(CellWidth.truncate("ab汉c", to: 4) == "ab…")
    }

    /// A delete question quotes at most 200 cells of a name, so its count of items still shows
    /// and wrapping it stays cheap (a 13 MB name was wrapped word by word on every frame).
    @Test func aDeleteQuestionQuotesTheStartOfAHugeName() {
        let name = String(repeating: "ab ", count: 1_000_000) + "\u{1B}"
        let shown = ConfirmScreen.shortened(name)
        #expect(CellWidth.of(shown) == 200 && shown.hasSuffix("…"))
        #expect(ConfirmScreen.shortened("Bills\u{1B}") == "Bills\\e")
        let lines = ConfirmScreen.wrap("Delete “\(shown)”? 3 items go with it.", width: 74)
        #expect(lines.count <= 5 && lines.joined(separator: " ").hasSuffix("3 items go with it."), "\(lines)")
    }

    @Test func blankTextCountsAsEmpty() {
        #expect(TextField("   ").isBlank)
        #expect(!TextField(" a ").isBlank)
        // What the store refuses, the form's Done does not offer: text that shows nothing.
        #expect(TextField("\u{200B}\u{FEFF} ").isBlank)
        #expect(!TextField("👩\u{200D}👧").isBlank)
    }
}
