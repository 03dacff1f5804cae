import Foundation
import TestSupport
import Testing

/// An item or note ID is taken only in the form the CLI prints it. Before, "+0", "-0" and "00"
/// were item 0 while "-1" was "not a number", and an ID too large for any item was "not a
/// number" either.
@Suite struct RecordIDCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    /// Every command with an ITEM or NOTE ID operand, with what it says the ID is.
    static let commands: [(words: [String], kind: String)] = [
        (["item", "edit"], "item"), (["item", "toggle"], "item"), (["item", "check"], "item"),
        (["item", "uncheck"], "item"), (["item", "delete"], "item"), (["note", "show"], "note"),
        (["note", "edit"], "note"), (["note", "delete"], "note"),
    ]

    /// The options that make each command's other arguments valid.
    static func extra(_ words: [String]) -> [String] {
        switch words {
        case ["item", "edit"]: ["--text", "changed"]
        case ["note", "edit"]: ["--title", "changed"]
        default: []
        }
    }

    @Test func anIDNotWrittenAsListedIsRefusedInOneLine() throws {
        try cli.run("item", "add", "List", "first")  // item 0
        try cli.run("note", "add", "--title", "first")  // note 1
        for (words, kind) in Self.commands {
            let signed = "\(kind) ID must be digits only, without a sign or leading zeros, not"
            let notNumber = "\(kind) ID must be a number, not"
            for (id, reason) in [
                ("+0", signed), ("-0", signed), ("00", signed), ("-1", signed), ("+1", signed), ("01", signed),
                ("1.0", notNumber), ("0x1", notNumber), ("١", notNumber), (" 1", notNumber), ("", notNumber),
            ] {
                let result = try cli.run(arguments: words + [id] + Self.extra(words))
                #expect(result.status == 2, "\(words) \(id)")
                #expect(
                    result.stderr.hasPrefix("checklists: \(reason) \"\(id)\""), "\(words) \(id): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(words) \(id)")
            }
        }
        #expect(try cli.run("items", "List").stdout.contains("first"))
        #expect(try cli.run("note", "show", "1").stdout.hasPrefix("first\n"))
    }

    @Test func anIDTooLargeForAnyRecordIsNotFound() throws {
        try cli.run("lists")
        for (words, kind) in Self.commands {
            let result = try cli.run(arguments: words + ["99999999999999999999"] + Self.extra(words))
            #expect(result.status == 1, "\(words)")
            #expect(result.stderr == "checklists: No \(kind) with ID 99999999999999999999.\n", "\(words)")
        }
    }

    @Test func theListedFormsStillWork() throws {
        try cli.run("item", "add", "List", "first")  // item 0
        #expect(try cli.run("item", "check", "0").status == 0)
        let missing = try cli.run("item", "check", "1")
        #expect(missing.status == 1)
        #expect(missing.stderr == "checklists: No item with ID 1.\n")
        #expect(try cli.run("item", "check", "9223372036854775807").status == 1)
        #expect(try cli.run("items", "List").stdout.contains("[✓] 0  first"))
    }
}
