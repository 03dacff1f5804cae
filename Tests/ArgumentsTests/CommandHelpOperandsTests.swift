import Testing

@testable import Arguments

/// `CommandHelp.checkOperands`: positional words beyond a command's operands are refused.
@Suite struct CommandHelpOperandsTests {
    func words(_ positionals: String...) -> ParsedArguments { ParsedArguments(positionals: positionals) }

    @Test func aCommandWithoutOperandsRefusesTheFirstWord() throws {
        let command = CommandHelp(["lock", "status"], summary: "Status.")
        #expect(command.maximumOperands == 0)
        try command.checkOperands(words())
        #expect(throws: ArgumentError.unexpectedArgument("foo")) { try command.checkOperands(words("foo", "bar")) }
        #expect(ArgumentError.unexpectedArgument("foo").description == "unexpected argument \"foo\"")
    }

    @Test func optionalOperandsCountAndMissingOnesAreTheCommandsToReport() throws {
        let command = CommandHelp(
            ["settings"], [Operand("NAME", optional: true), Operand("VALUE", optional: true)], summary: "Settings.")
        #expect(command.maximumOperands == 2)
        try command.checkOperands(words())
        try command.checkOperands(words("notifications", "on"))
        #expect(throws: ArgumentError.unexpectedArgument("item-text")) {
            try command.checkOperands(words("notifications", "on", "item-text", "off"))
        }
        let id = CommandHelp(["item", "toggle"], [Operand("ID", .item)], summary: "Toggle.")
        try id.checkOperands(words())  // "missing ID" is the command's message
        #expect(throws: ArgumentError.unexpectedArgument("2")) { try id.checkOperands(words("1", "2")) }
    }

    @Test func aRestOfLineOperandTakesEveryWord() throws {
        let command = CommandHelp(
            ["item", "add"], [Operand("LIST", .list), Operand("TEXT|-", variadic: true)], summary: "Add.")
        #expect(command.takesRestOfLine)
        #expect(command.maximumOperands == nil)
        try command.checkOperands(words("Groceries", "Buy", "oat", "milk", "and", "eggs"))
    }

    /// An option's rule says more about the mistake than a stray word does: rules are checked first.
    @Test func checkAppliesTheRulesBeforeTheOperands() throws {
        let command = CommandHelp(
            ["lock", "set"], options: [OptionHelp("--reuse", "SECONDS", help: "Reuse.")],
            rules: [OptionRule(.required("--reuse"), message: "give --reuse")], summary: "Set.")
        #expect(throws: ArgumentError.invalid("give --reuse")) { try command.check(words("foo")) }
        let given = ParsedArguments(positionals: ["foo"], values: ["--reuse": "5"])
        #expect(throws: ArgumentError.unexpectedArgument("foo")) { try command.check(given) }
        try command.check(ParsedArguments(values: ["--reuse": "5"]))
    }
}
