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
}
