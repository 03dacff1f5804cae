import Testing

@testable import TerminalText

@Suite struct TextWidthTests {
    @Test func wideCharactersTakeTwoColumns() {
        #expect(TextWidth.of("Milk") == 4)
        #expect(TextWidth.of("买牛奶") == 6)
        #expect(TextWidth.of("🛒") == 2)
        // A combining accent adds nothing; an emoji presentation selector widens the symbol before it.
        #expect(TextWidth.of("e\u{0301}") == 1)
        #expect(TextWidth.of("☂\u{FE0F}") == 2)
        // After an emoji that is already two wide it adds nothing (it made `lists` pad a
        // "👍️ Done" list one column short of the others).
        #expect(TextWidth.of("👍\u{FE0F}") == 2)
        #expect(TextWidth.of("👍\u{FE0F}", upTo: 10) == 2)
        #expect(TextWidth.pad("👍\u{FE0F}", to: 4) == "👍\u{FE0F}  ")
    }

    @Test func padsToColumnsNotCharacters() {
        #expect(TextWidth.pad("买", to: 4) == "买  ")
        #expect(TextWidth.pad("Groceries", to: 4) == "Groceries")
    }

    @Test func rightAlignsWithoutTrappingOnWideNumbers() {
        #expect(TextWidth.rightAligned(7, to: 3) == "  7")
        #expect(TextWidth.rightAligned(Int64.max, to: 2) == String(Int64.max))
        #expect(TextWidth.rightAligned(-5, to: 0) == "-5")
    }
}
