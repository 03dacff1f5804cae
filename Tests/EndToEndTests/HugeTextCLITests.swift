import Foundation
import TestSupport
import Testing

/// One item of 13 MB (as much as standard input takes, with hostile bytes at both ends): every
/// command that shows it prints it whole and safe, without the per-character work that made
/// `items` take seconds. Times are CPU seconds of the command alone (`/usr/bin/time`), which
/// load on the machine hardly changes; the bounds are several times what the commands need.
@Suite(.serialized) struct HugeTextCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }
    static let body = String(repeating: "x", count: 13_000_000)
    static let text = "\u{1B}]0;PWNED\u{7}" + body + "\u{202E}end"

    /// `items` escaped the text scalar by scalar, twice (the line, then the output's backstop):
    /// 1.9 s of CPU in a debug build; adding it split 13 MB into graphemes and trimmed it (4.4 s).
    @Test func itemsShowsAHugeItemWholeAndQuickly() throws {
        try cli.run("list", "add", "Big")
        let added = try timed(["item", "add", "Big", "-"], stdin: Self.text + "\n")
        #expect(added.result.status == 0, "\(added.result.stderr)")
        #expect(added.seconds < 2.5, "item add took \(added.seconds) s of CPU")

        let items = try timed(["items", "Big"])
        #expect(items.result.status == 0, "\(items.result.stderr)")
        #expect(items.seconds < 1.5, "items took \(items.seconds) s of CPU")
        let shown = items.result.stdout
        #expect(shown.contains("\\e]0;PWNED\\axxxx"))
        #expect(shown.contains("xxxx\\u{202E}end\n"))
        #expect(!shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(shown.utf8.count > 13_000_000)

        let json = try timed(["items", "Big", "--json"])
        #expect(json.seconds < 1.5, "items --json took \(json.seconds) s of CPU")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.result.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["text"] as? String == Self.text)
    }

    /// `lists` measured every name whole to find the widest (at most 40 columns are used), then
    /// again to pad it: 7 s of CPU for one 13 MB name in a debug build. `note show` escaped a
    /// huge body scalar by scalar.
    @Test func listsAndNotesShowHugeTextWholeAndQuickly() throws {
        let added = try timed(["list", "add", "-"], stdin: Self.text + "\n")
        #expect(added.result.status == 0, "\(added.result.stderr)")
        let lists = try timed(["lists"])
        #expect(lists.result.status == 0, "\(lists.result.stderr)")
        #expect(lists.seconds < 1.5, "lists took \(lists.seconds) s of CPU")
        #expect(lists.result.stdout.contains("\\e]0;PWNED\\axxxx"))
        #expect(lists.result.stdout.contains("xxxx\\u{202E}end"))

        let note = try timed(["note", "add", "--title", "Big", "--body", "-"], stdin: Self.text)
        #expect(note.result.status == 0, "\(note.result.stderr)")
        let id = try #require(note.result.stdout.split(whereSeparator: { !$0.isNumber }).first.map(String.init))
        let shown = try timed(["note", "show", id])
        #expect(shown.result.status == 0, "\(shown.result.stderr)")
        #expect(shown.seconds < 1.5, "note show took \(shown.seconds) s of CPU")
        #expect(shown.result.stdout.contains("\\e]0;PWNED\\axxxx"))
        #expect(shown.result.stdout.contains("xxxx\\u{202E}end"))
    }

    /// Runs `checklists WORDS` under `/usr/bin/time`: the result and its user + system seconds.
    func timed(_ words: [String], stdin: String = "") throws -> (result: CLIRunner.Result, seconds: Double) {
        let times = dir.appending("times")
        let result = try CLIRunner.execute(
            "/usr/bin/time", ["-o", times, "-f", "%U %S", CLIRunner.binary] + words, environment: cli.environment,
            stdin: stdin)
        let fields = try String(contentsOfFile: times, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        return (result, fields.suffix(2).compactMap { Double($0) }.reduce(0, +))
    }
}
