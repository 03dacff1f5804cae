import Foundation
import TestSupport
import Testing

/// A word beyond a command's operands is refused in one line with exit status 2, before
/// anything is read or written; commands whose last operand takes the rest of the line keep
/// every word (`item add Groceries Buy oat milk`).
@Suite struct SurplusArgumentCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    /// A valid invocation of every command of the overview that takes a fixed number of words.
    func invocations(item: String, note: String) -> [String: [String]] {
        [
            "lists": ["lists"], "icons": ["icons"],
            "item edit": ["item", "edit", item, "--text", "Oat milk"], "item toggle": ["item", "toggle", item],
            "item check": ["item", "check", item], "item uncheck": ["item", "uncheck", item],
            "item delete": ["item", "delete", item],
            "notes": ["notes"], "note show": ["note", "show", note],
            "note edit": ["note", "edit", note, "--title", "Plans"], "note delete": ["note", "delete", note],
            "secret": ["secret"], "secret set": ["secret", "set"], "secret clear": ["secret", "clear"],
            "reminders": ["reminders"], "settings": ["settings", "notifications", "on"],
            "agent": ["agent"], "agent install": ["agent", "install"], "agent uninstall": ["agent", "uninstall"],
            "agent status": ["agent", "status"],
            "auth status": ["auth", "status"], "auth test": ["auth", "test", "--policy", "owner"],
            "passcode set": ["passcode", "set", "--stdin"], "passcode change": ["passcode", "change", "--stdin"],
            "passcode remove": ["passcode", "remove", "--stdin"],
            "keychain status": ["keychain", "status"], "keychain keys": ["keychain", "keys"],
            "keychain get": ["keychain", "get", "Greeting"], "keychain set": ["keychain", "set", "Greeting"],
            "keychain remove": ["keychain", "remove", "Greeting"], "keychain use": ["keychain", "use", "file"],
            "lock status": ["lock", "status"], "lock enable": ["lock", "enable", "--method", "passcode", "--stdin"],
            "lock disable": ["lock", "disable", "--stdin"], "lock now": ["lock", "now"],
            "lock set": ["lock", "set", "--reuse", "5"],
            "completion": ["completion", "bash"], "import": ["import", dir.appending("backup.json")],
            "export": ["export", "--format", "ics", dir.appending("calendar")],
        ]
    }

    /// The commands of `checklists --help`, and whether the last operand takes the rest of the
    /// line (its usage line ends in `NAME...`).
    func overview() throws -> [(name: String, restOfLine: Bool)] {
        let text = try cli.run("--help").stdout
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), line.dropFirst(2).first?.isLowercase == true else {
                return nil
            }
            let words = line.split(separator: " ").filter { $0 != "[OPTIONS]" }
            let path = words.prefix { $0.allSatisfy { $0.isLowercase || $0 == "-" } }
            let operands = words.dropFirst(path.count)
            let restOfLine = operands.last.map { $0.hasSuffix("...") || $0.hasSuffix("...]") } ?? false
            return (path.joined(separator: " "), restOfLine)
        }
    }

    /// Every regular file under the data directory (the agent's unit would be under it too), with its bytes.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: home)
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: home + "/" + name) { files[name] = data }
        }
        return files
    }

    @Test func everyCommandRefusesOneWordTooManyAndWritesNothing() throws {
        try cli.run("list", "add", "Groceries")
        let item = try #require(try cli.json("item", "add", "Groceries", "Milk") as? [String: Any])
        let note = try #require(try cli.json("note", "add", "--title", "Plans") as? [String: Any])
        #expect(try cli.run("keychain", "set", "Greeting", stdin: "hi\n").status == 0)
        #expect(try cli.run("export", "--format", "json", "-o", dir.appending("backup.json")).status == 0)
        let (itemID, noteID) = (try #require(item["id"] as? Int), try #require(note["id"] as? Int))
        let valid = invocations(item: "\(itemID)", note: "\(noteID)")
        let commands = try overview()
        #expect(commands.count > 40)
        #expect(Set(valid.keys) == Set(commands.filter { !$0.restOfLine }.map(\.name)), "one invocation each")
        let before = snapshot()
        #expect(before.keys.contains("checklists.sqlite"))
        for command in commands where !command.restOfLine {
            let words = try #require(valid[command.name]) + ["extra"]
            let result = try cli.run(arguments: words, stdin: "1234\n")
            #expect(result.status == 2, "\(words): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(words): \(result.stdout)")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1].isEmpty, "\(words): \(result.stderr)")
            #expect(result.stderr.hasPrefix("checklists: "), "\(words): \(result.stderr)")
            #expect(result.stderr.contains("\"extra\""), "\(words): \(result.stderr)")
            #expect(snapshot() == before, "\(words) wrote to the data directory")
        }
        let lockStatus = try cli.run("lock", "status", "foo")
        #expect(
            lockStatus.stderr == "checklists: unexpected argument \"foo\" (see 'checklists lock status --help')\n")
    }

    /// The last operand of these takes every word that is left: nothing is surplus.
    @Test func restOfLineOperandsKeepEveryWord() throws {
        #expect(try cli.run("list", "add", "Weekly", "shop").status == 0)
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        let item = try #require(try cli.json("item", "add", "Groceries", "Buy", "oat", "milk") as? [String: Any])
        #expect(item["text"] as? String == "Buy oat milk")
        let items = try #require(try cli.json("items", "Weekly", "shop") as? [[String: Any]])
        #expect(items.isEmpty)
        #expect(try cli.run("help", "item", "add").status == 0)
        #expect(try cli.run("list", "delete", "Weekly", "shop").status == 0)
    }
}
