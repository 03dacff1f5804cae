import Arguments
import Testing

@Suite struct ArgumentParserTests {
    let spec = ArgumentSpec(
        options: ["--due", "--home"], flags: ["--remind", "--json", "--help"], aliases: ["-h": "--help"])

    @Test func acceptsOptionsAnywhere() throws {
        let parsed = try parseArguments(["Groceries", "--due", "today 9:00", "Buy", "--remind", "milk"], spec: spec)
        #expect(parsed.positionals == ["Groceries", "Buy", "milk"])
        #expect(parsed["--due"] == "today 9:00")
        #expect(parsed.has("--remind"))
    }

    @Test func acceptsEqualsForm() throws {
        #expect(try parseArguments(["--home=/tmp/x"], spec: spec)["--home"] == "/tmp/x")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parseArguments(["L", "--", "--remind"], spec: spec)
        #expect(parsed.positionals == ["L", "--remind"])
        #expect(!parsed.has("--remind"))
    }

    @Test func readsAliasesAndNumbers() throws {
        let parsed = try parseArguments(["-h", "-5"], spec: spec)
        #expect(parsed.has("--help"))
        #expect(parsed.positionals == ["-5"])
    }

    @Test func refusesUnknownOptions() {
        #expect(throws: ArgumentError.unknownOption("--frobnicate")) {
            try parseArguments(["--frobnicate"], spec: spec)
        }
    }

    @Test func refusesMissingValues() {
        #expect(throws: ArgumentError.missingValue("--due")) { try parseArguments(["x", "--due"], spec: spec) }
    }

    @Test func refusesRepeatedOptionsAndValuedFlags() {
        #expect(throws: ArgumentError.repeated("--due")) {
            try parseArguments(["--due", "a", "--due", "b"], spec: spec)
        }
        #expect(throws: ArgumentError.unexpectedValue("--json")) { try parseArguments(["--json=yes"], spec: spec) }
    }

    @Test func refusesAnOptionAsAnOptionsValue() throws {
        #expect(throws: ArgumentError.optionAsValue("--home", "--json")) {
            try parseArguments(["--home", "--json", "lists"], spec: spec)
        }
        #expect(throws: ArgumentError.optionAsValue("--due", "-h")) { try parseArguments(["--due", "-h"], spec: spec) }
        #expect(throws: ArgumentError.optionAsValue("--due", "--")) { try parseArguments(["--due", "--"], spec: spec) }
        // Said on purpose, and words that only start with one dash, are values.
        #expect(try parseArguments(["--home=--json"], spec: spec)["--home"] == "--json")
        #expect(try parseArguments(["--due", "-"], spec: spec)["--due"] == "-")
        #expect(try parseArguments(["--due", "-5"], spec: spec)["--due"] == "-5")
    }
}
