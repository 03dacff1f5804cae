import Arguments
import Testing

@Suite struct HelpTableSelectionTests {
    let table = HelpTable(
        program: "p", summary: "", defaultAction: "",
        commands: [
            CommandHelp(["item"], summary: "items"), CommandHelp(["item", "add"], summary: "add"),
            CommandHelp(["lists"], summary: "lists"),
        ],
        globalOptions: [OptionHelp("--home", "DIR", help: "home"), OptionHelp(flag: "--json", help: "json")],
        programOptions: [], footer: [], sections: [])

    @Test func picksTheLongestCommand() {
        let (command, rest) = table.select(["item", "add", "L", "milk"])
        #expect(command?.path == ["item", "add"])
        #expect(rest == ["L", "milk"])
    }

    @Test func keepsLeadingGlobalOptionsWithTheirValues() {
        let (command, rest) = table.select(["--home", "lists", "--json", "lists", "x"])
        #expect(command?.path == ["lists"])
        #expect(rest == ["--home", "lists", "--json", "x"])
    }

    @Test func returnsEveryWordWhenNoCommandMatches() {
        let (command, rest) = table.select(["--json", "frobnicate"])
        #expect(command == nil)
        #expect(rest == ["--json", "frobnicate"])
    }
}
