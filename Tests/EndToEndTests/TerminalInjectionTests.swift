import Foundation
import TestSupport
import Testing

/// Stored text with terminal controls in it (a title-setting OSC, screen clear, OSC 8 link,
/// bell, carriage return, backspace, a bidi override, a newline that fakes an item line, DEL
/// and the C1 CSI) never reaches the terminal as controls in text mode, and `--json` keeps it exact.
@Suite struct TerminalInjectionTests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner {
        CLIRunner(home: dir.appending("home"), environment: ["XDG_RUNTIME_DIR": dir.appending("run")])
    }

    static let hostile =
        "Rent\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\"
        + "\r\u{08}\u{202E}\u{2066}\u{200F}\n[✓] 7 pay rent\u{7F}\u{9B}31m"

    /// Scalars a terminal obeys rather than shows (newline and tab aside), written out here
    /// independently of the code under test.
    static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            guard value != 0x0A, value != 0x09 else { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value) || [0x061C, 0x200E, 0x200F].contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    /// Runs a command and checks that neither output stream carries a control or a faked line.
    @discardableResult
    func safely(_ arguments: String..., stdin: String = "", sourceLocation: SourceLocation = #_sourceLocation)
        throws -> CLIRunner.Result
    {
        let result = try cli.run(arguments: arguments, stdin: stdin)
        for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
            #expect(
                Self.controls(in: text).isEmpty,
                "\(arguments.joined(separator: " ")) \(stream): \(text.debugDescription)",
                sourceLocation: sourceLocation)
            #expect(!text.contains("\n[✓] 7 pay rent"), "a faked line in \(stream)", sourceLocation: sourceLocation)
        }
        return result
    }

    @Test func listsAndItemsShowControlsEscaped() throws {
        let h = Self.hostile
        #expect(try safely("list", "add", h).status == 0)
        #expect(try safely("list", "add", "Plain").status == 0)
        try safely("lists")
        try safely()
        #expect(try safely("list", "edit", "Plain", "--name", h + "2").status == 0)
        #expect(try safely("item", "add", "2", h).status == 0)
        let oneLine = h.replacingOccurrences(of: "\n", with: "")
        #expect(try safely("item", "add", "2", "-", stdin: oneLine + "\n" + oneLine).status == 0)
        #expect(try safely("items", "2").stdout.contains("\\e]0;PWNED\\a\\e[2J"))
        try safely("items")
        #expect(try safely("item", "edit", "0", "--text", h + "!").status == 0)
        for verb in ["toggle", "check", "uncheck"] { #expect(try safely("item", verb, "0").status == 0) }
        #expect(try safely("settings", "notifications", "on").status == 0)
        #expect(try safely("item", "edit", "0", "--due", "2099-01-01 09:00", "--remind").status == 0)
        try safely("reminders")
        // Error messages that quote what was typed.
        #expect(try safely("items", h + "?").status == 1)
        #expect(try safely("list", "add", "x", "--icon", h).status == 2)
        #expect(try safely("item", "add", "2", "x", "--due", h).status == 2)
        #expect(try safely("item", "edit", h, "--text", "x").status == 2)
        // --json is exact.
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(Set(lists.compactMap { $0["name"] as? String }) == ["List", h, h + "2"])
        let items = try #require(try cli.json("items", "2") as? [[String: Any]])
        #expect(items.compactMap { $0["text"] as? String } == [h + "!", oneLine, oneLine])
        #expect(try safely("item", "delete", "1").status == 0)
        #expect(try safely("list", "delete", "2").status == 0)
    }

    @Test func notesShowControlsEscapedButKeepBodyLines() throws {
        let h = Self.hostile
        // A body keeps its own lines (so no faked-line check for it), but nothing else.
        let body = "line one\n\tindented " + h.replacingOccurrences(of: "\n", with: "")
        #expect(try safely("note", "add", "--title", h, "--body", body).status == 0)
        try safely("notes")
        let shown = try safely("note", "show", "1").stdout
        #expect(shown.contains("line one\n\tindented Rent\\e]0;PWNED"))
        #expect(try safely("note", "edit", "1", "--title", h + "2").status == 0)
        let note = try #require(try cli.json("note", "show", "1") as? [String: Any])
        #expect(note["title"] as? String == h + "2")
        #expect(note["body"] as? String == body)
        let notes = try #require(try cli.json("notes") as? [[String: Any]])
        #expect(notes.first?["title"] as? String == h + "2")
        #expect(try safely("note", "delete", "1").status == 0)
    }

    @Test func jsonOnATerminalCarriesNoRawControlsAndDecodesExactly() throws {
        // JSONEncoder escapes C0 only: the C1 CSI (U+009B, a CSI to xterm and VTE), DEL and the
        // bidi marks used to be written raw by --json.
        let h = Self.hostile
        #expect(try safely("list", "add", h).status == 0)
        #expect(try safely("item", "add", "2", h).status == 0)
        #expect(try safely("note", "add", "--title", h, "--body", h).status == 0)
        try safely("lists", "--json")
        try safely("items", "2", "--json")
        try safely("notes", "--json")
        try safely("note", "show", "1", "--json")
        try safely("item", "toggle", "0", "--json")
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.contains { $0["name"] as? String == h })
        let items = try #require(try cli.json("items", "2") as? [[String: Any]])
        #expect(items.first?["text"] as? String == h)
        let note = try #require(try cli.json("note", "show", "1") as? [String: Any])
        #expect(note["title"] as? String == h && note["body"] as? String == h)
    }
}
