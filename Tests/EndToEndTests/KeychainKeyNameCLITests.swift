import Foundation
import TestSupport
import Testing

/// Keychain key names on the terminal: one line each, controls escaped; an empty name is
/// refused. Before, `keychain keys` printed a key "a\n[✓] b" as two lines (a fake key), and
/// `keychain set ""` stored an item under no name ("Stored .").
@Suite struct KeychainKeyNameCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner {
        CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")])
    }

    @Test func aKeyWithANewlineStaysOneLine() throws {
        let key = "Token\nFake.Key\u{1B}[2J"
        let set = try cli.run("keychain", "set", key, "--keychain", "file", stdin: "v\n")
        #expect(set.status == 0)
        #expect(set.stdout == "Stored Token\\nFake.Key\\e[2J.\n")
        let keys = try cli.run("keychain", "keys", "--keychain", "file").stdout
        #expect(keys.split(separator: "\n").contains("Token\\nFake.Key\\e[2J"))
        #expect(!keys.split(separator: "\n").contains("Fake.Key\u{1B}[2J"))
        #expect(try cli.json("keychain", "keys", "--keychain", "file") as? [String] != nil)
        let removed = try cli.run("keychain", "remove", key, "--keychain", "file")
        #expect(removed.stdout == "Removed Token\\nFake.Key\\e[2J.\n")
    }

    @Test func anEmptyKeyIsRefused() throws {
        let result = try cli.run("keychain", "set", "", "--keychain", "file", stdin: "v\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("checklists: KEY needs a name"))
        #expect(!(try cli.run("keychain", "keys", "--keychain", "file").stdout.hasPrefix("\n")))
    }
}
