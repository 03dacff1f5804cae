import Testing

@testable import Arguments

@Suite struct OptionRuleTests {
    let spec = ArgumentSpec(options: ["--reuse", "--idle", "--format"], flags: ["--edit"])

    func parsed(_ words: [String]) throws -> ParsedArguments { try parseArguments(words, spec: spec) }

    @Test func requiredAndAnyOfAskForAnOption() throws {
        let required = OptionRule(.required("--format"), message: "give --format")
        #expect(required.failure(in: try parsed([])) == "give --format")
        #expect(required.failure(in: try parsed(["--format", "json"])) == nil)
        let anyOf = OptionRule(.anyOf(["--reuse", "--edit"]), message: "nothing to change")
        #expect(anyOf.failure(in: try parsed([])) == "nothing to change")
        #expect(anyOf.failure(in: try parsed(["--edit"])) == nil)
        #expect(anyOf.failure(in: try parsed(["--reuse", "5"])) == nil)
    }

    @Test func oneOfNamesTheValueGiven() throws {
        let rule = OptionRule(.oneOf("--format", ["json", "ics"]), message: "unknown format \"%@\"")
        #expect(rule.failure(in: try parsed(["--format", "xml"])) == "unknown format \"xml\"")
        #expect(rule.failure(in: try parsed(["--format", "ics"])) == nil)
        // Not given: another rule says whether it must be.
        #expect(rule.failure(in: try parsed([])) == nil)
    }

    @Test func numbersMustParseAndFitTheirRange() throws {
        let whole = OptionRule(.integer("--idle", 1...1440), message: "1 to 1440")
        for bad in ["0", "1441", "1.5", "ten", "99999999999999999999"] {
            #expect(whole.failure(in: try parsed(["--idle", bad])) == "1 to 1440", "\(bad)")
        }
        #expect(whole.failure(in: try parsed(["--idle", "1440"])) == nil)
        let seconds = OptionRule(.nonNegative("--reuse"), message: "seconds")
        #expect(seconds.failure(in: try parsed(["--reuse", "-1"])) == "seconds")
        #expect(seconds.failure(in: try parsed(["--reuse", "nan"])) == "seconds")
        #expect(seconds.failure(in: try parsed(["--reuse", "2.5"])) == nil)
    }

    @Test func aCommandChecksItsRulesInOrder() throws {
        let command = CommandHelp(
            ["lock", "set"],
            rules: [
                OptionRule(.anyOf(["--reuse", "--idle"]), message: "nothing to change"),
                OptionRule(.integer("--reuse", 0...300), message: "reuse range"),
                OptionRule(.integer("--idle", 1...1440), message: "idle range"),
            ], summary: "Set.")
        #expect(throws: ArgumentError.invalid("nothing to change")) { try command.check(try parsed([])) }
        #expect(throws: ArgumentError.invalid("reuse range")) {
            try command.check(try parsed(["--reuse", "301", "--idle", "0"]))
        }
        #expect(ArgumentError.invalid("idle range").description == "idle range")
        try command.check(try parsed(["--idle", "5"]))
        #expect(command.rules.flatMap(\.options) == ["--reuse", "--idle", "--reuse", "--idle"])
    }
}
