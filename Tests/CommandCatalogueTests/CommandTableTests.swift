import Arguments
import CommandCatalogue
import Testing

@Suite struct CommandTableTests {
    let table = CommandTable.shared

    @Test func namesEachCommandOnce() {
        let names = table.commands.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func describesEveryVisibleCommand() {
        for command in table.commands where !command.hidden {
            #expect(!command.summary.isEmpty, "\(command.name) has no summary")
        }
    }

    @Test func hidesTheCompletionCommand() throws {
        let command = try #require(table.command([CommandTable.completionCommand]))
        #expect(command.hidden)
        #expect(!table.nextWords(after: []).contains(CommandTable.completionCommand))
    }

    @Test func manPageAndCompletionsNameTheCommands() {
        let page = table.manPage(name: "test", version: "0", date: "2026-01-01")
        #expect(page.contains("import ios"))
        #expect(page.contains("lock enable"))
        let words = table.completions(after: ["import"], current: "").candidates.map(\.word)
        #expect(words.contains("ios"))
    }

    /// A rule about an option the command does not take could never fail (or always would).
    @Test func rulesSpeakOfTheCommandsOwnOptions() {
        for command in table.commands {
            let own = Set(command.options.map(\.name))
            for option in command.rules.flatMap(\.options) {
                #expect(own.contains(option), "\(command.name): \(option)")
            }
        }
        #expect(table.command(["lock", "set"])?.rules.count == 3)
    }

    /// Every command either ends in an operand that takes the rest of the line (a text of
    /// several words, names, paths) or refuses a word beyond its operands: none drops one
    /// silently (`lock status foo`, `keychain use file extra` once did).
    @Test func everyCommandTakesTheRestOfTheLineOrRefusesASurplusWord() throws {
        let restOfLine: Set = [
            "list add", "list edit", "list delete", "items", "item add", "search", "note add", "import ios", "help",
            CommandTable.completionCommand,
        ]
        for command in table.commands {
            let given = ParsedArguments(positionals: command.operands.map(\.name))
            try command.checkOperands(given)
            let surplus = ParsedArguments(positionals: given.positionals + ["surplus"])
            if restOfLine.contains(command.name) {
                #expect(command.takesRestOfLine, "\(command.name) should take the rest of the line")
                #expect(throws: Never.self, "\(command.name)") { try command.checkOperands(surplus) }
            } else {
                #expect(!command.takesRestOfLine, "\(command.name) takes the rest of the line: add it above")
                #expect(throws: ArgumentError.unexpectedArgument("surplus"), "\(command.name)") {
                    try command.checkOperands(surplus)
                }
            }
        }
        #expect(table.command(["item", "add"])?.maximumOperands == nil)
        #expect(table.command(["keychain", "use"])?.maximumOperands == 1)
        #expect(table.command(["lock", "status"])?.maximumOperands == 0)
    }

    @Test func givesEveryCommandTheGlobalOptions() {
        let spec = table.globalSpec
        for option in ["--json", "--home", "--keychain", "--help", "--version"] {
            #expect(spec.options.contains(option) || spec.flags.contains(option), "\(option)")
        }
    }
}
