import Testing

@testable import TerminalText

@Suite struct TerminalTextTests {
    static let hostile = "a\u{1B}]0;PWNED\u{07}\u{1B}[2J\r\u{08}\u{202E}\n\t\u{7F}\u{9B}31m\u{2066}z"

    @Test func escapesEveryControlOnOneLine() {
        let shown = TerminalText.line(Self.hostile)
        #expect(shown == "a\\e]0;PWNED\\a\\e[2J\\r\\b\\u{202E}\\n\\t\\x7F\\u{009B}31m\\u{2066}z")
        #expect(!shown.unicodeScalars.contains(where: TerminalText.isControl))
    }

    @Test func blockKeepsNewlinesAndTabsOnly() {
        let shown = TerminalText.block(Self.hostile)
        #expect(shown == "a\\e]0;PWNED\\a\\e[2J\\r\\b\\u{202E}\n\t\\x7F\\u{009B}31m\\u{2066}z")
    }

    @Test func leavesOrdinaryTextAlone() {
        for text in ["Buy milk", "买牛奶 🛒", "C:\\path", "naïve café", ""] {
            #expect(TerminalText.line(text) == text)
        }
    }

    @Test func escapesNulAndOtherC0AsHex() {
        #expect(TerminalText.line("\u{0}\u{1}\u{1F}") == "\\x00\\x01\\x1F")
    }
}
