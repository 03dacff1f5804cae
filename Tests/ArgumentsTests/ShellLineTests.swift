import Arguments
import Testing

@Suite struct ShellLineTests {
    @Test func readsWordsAsBashWouldWithoutTheirQuotes() {
        let line = ShellLine(#"checklists --home '/tmp/my home' --keychain=/k\ x "a\"b" items My\ P"#)
        #expect(line.words == ["checklists", "--home", "/tmp/my home", "--keychain=/k x", #"a"b"#, "items"])
        #expect(line.current == "My P")
        #expect(ShellLine("checklists items ").current == "")
        #expect(ShellLine("checklists items ").words == ["checklists", "items"])
        #expect(ShellLine("checklists '' x").words == ["checklists", ""])
    }

    @Test func expandsAnUnquotedTildeAtTheStartOfAWord() {
        let line = ShellLine("checklists --home ~/other ~ '~/x' \\~/y a~ x", home: "/home/u")
        #expect(line.words == ["checklists", "--home", "/home/u/other", "/home/u", "~/x", "~/y", "a~"])
    }

    @Test func quotesACompletionSoTheLineReadsBackAsTheName() {
        let line = ShellLine("checklists items ")
        #expect(line.replacement(for: "My Plans") == #"My\ Plans"#)
        #expect(line.replacement(for: "$(touch x); rm *") == #"\$\(touch\ x\)\;\ rm\ \*"#)
        #expect(line.replacement(for: #"it's "q" `x` & | ? \ ~"#) == #"it\'s\ \"q\"\ \`x\`\ \&\ \|\ \?\ \\\ \~"#)
        #expect(line.replacement(for: "Straße") == "Straße")
        #expect(line.replacement(for: "two\nlines") == nil)
    }

    @Test func replacesOnlyWhatReadlineReplaces() {
        // After an unquoted `=` or `:` readline replaces only the rest of the word.
        #expect(ShellLine("checklists items a:").replacement(for: "a:b c") == #"b\ c"#)
        #expect(ShellLine("checklists items a:").replacement(for: "7") == nil)
        #expect(ShellLine("checklists --home=/tm").replacement(for: "--home=/tmp/a b/") == #"/tmp/a\ b/"#)
        // In an open quote readline replaces what follows the quote, and closes it itself.
        #expect(ShellLine("checklists items 'My").replacement(for: "My Plans") == "My Plans")
        #expect(ShellLine("checklists items 'it").replacement(for: "it's") == nil)
        #expect(ShellLine("checklists items \"$").replacement(for: "$(x)") == nil)
        #expect(ShellLine("checklists items \"My").current == "My")
    }
}
