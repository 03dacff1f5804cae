import Foundation
import TestSupport
import Testing

/// `-` for a text argument reads it from standard input, so it never shows in /proc/PID/cmdline.
@Suite struct StandardInputCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner {
        CLIRunner(home: dir.appending("home"), environment: ["XDG_RUNTIME_DIR": dir.appending("run")])
    }

    func texts(_ list: String) throws -> [String] {
        try #require(try cli.json("items", list) as? [[String: Any]]).compactMap { $0["text"] as? String }
    }

    /// A file saved by Windows Notepad starts with a byte order mark: the first item and a list
    /// name read from it are the text itself (they began with an invisible U+FEFF, so "milk"
    /// from the file and "milk" typed were two different texts).
    @Test func aByteOrderMarkIsNotPartOfTheText() throws {
        #expect(try cli.run("item", "add", "List", "-", stdin: "\u{FEFF}milk\r\neggs\r\n").status == 0)
        // On the raw bytes: a JSON reader may drop a leading U+FEFF itself.
        let listed = Array(try cli.run("items", "List").stdout.utf8)
        #expect(!listed.indices.contains { listed[$0...].starts(with: [0xEF, 0xBB, 0xBF]) })
        #expect(try cli.run("items", "List").stdout.contains("[ ] 0  milk\n"))
        #expect(try cli.run("list", "add", "-", stdin: "\u{FEFF}Trips\n").status == 0)
        #expect(try cli.run("items", "Trips").status == 0)
    }

    @Test func itemAddReadsOneItemPerLineSkippingBlankOnes() throws {
        let added = try cli.run("item", "add", "List", "-", stdin: "milk\n\n   \r\neggs\r\nbread\n")
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("Added 3 items to List:\n"))
        #expect(try texts("List") == ["milk", "eggs", "bread"])
        let json = try cli.run("item", "add", "List", "-", "--json", stdin: "one more")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["text"] as? String } == ["one more"])
    }

    @Test func nothingButBlankLinesAddsNothing() throws {
        let result = try cli.run("item", "add", "List", "-", stdin: "\n  \n")
        #expect(result.status == 2)
        #expect(result.stderr == "checklists: An item needs some text.\n")
        #expect(try texts("List").isEmpty)
    }

    @Test func itemEditListAddAndListEditReadStandardInput() throws {
        #expect(try cli.run("list", "add", "-", stdin: "Secret plans\n").stdout.contains("Secret plans"))
        try cli.run("item", "add", "Secret plans", "draft")
        #expect(try cli.run("item", "edit", "0", "--text", "-", stdin: "the real text\n").status == 0)
        #expect(try texts("Secret plans") == ["the real text"])
        #expect(try cli.run("list", "edit", "Secret plans", "--name", "-", stdin: "Renamed").status == 0)
        let names = try #require(try cli.json("lists") as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(Set(names) == ["List", "Renamed"])
        // A word that only starts with "-" is text as before.
        #expect(try cli.run("item", "add", "Renamed", "--", "-x").status == 0)
        #expect(try texts("Renamed") == ["the real text", "-x"])
    }

    @Test func noteTitleFromStandardInputAndOnlyOneDash() throws {
        #expect(try cli.run("note", "add", "--title", "-", "--body", "b", stdin: "Private title\n").status == 0)
        #expect(try cli.run("note", "edit", "1", "--title", "-", stdin: "Newer title").status == 0)
        let note = try #require(try cli.json("note", "show", "1") as? [String: Any])
        #expect(note["title"] as? String == "Newer title")
        #expect(note["body"] as? String == "b")
        for arguments in [["note", "add"], ["note", "edit", "1"]] {
            let twice = try cli.run(arguments: arguments + ["--title", "-", "--body", "-"], stdin: "x\ny")
            #expect(twice.status == 2)
            #expect(twice.stderr.contains("only one argument can be - (standard input is read once)"))
        }
        #expect(try cli.run("note", "add", "--title", "-", "--edit").status == 2)
    }

    @Test func moreThanSixteenMebibytesIsRefused() throws {
        // Should the binary stop reading early, the test must fail, not die of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let big = String(repeating: "x", count: 16 << 20) + "y"
        let result = try cli.run("list", "add", "-", stdin: big)
        #expect(result.status == 2)
        #expect(result.stderr.contains("standard input is larger than 16 MiB"))
        #expect(try #require(try cli.json("lists") as? [[String: Any]]).count == 1)
    }
}
