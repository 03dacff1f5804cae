import Foundation
import TestSupport
import Testing

/// `--json` on the commands that printed only text (`agent status`, `keychain get`, `lock now`),
/// and colour: on a terminal only, never with NO_COLOR or into a pipe.
@Suite struct OutputCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test func agentStatusKeychainGetAndLockNowSpeakJSON() throws {
        try cli.run("item", "add", "List", "Later", "--due", "2099-01-01 09:00", "--remind")
        let agent = try #require(try cli.json("agent", "status") as? [String: Any])
        #expect(Set(agent.keys) == ["running", "pending", "next", "notifications"])
        #expect(agent["running"] as? Bool == false)
        #expect(agent["pending"] as? Int == 1)
        #expect((agent["next"] as? String)?.hasPrefix("2099-01-01T09:00:00") == true)

        #expect(try cli.run("keychain", "set", "Greeting", stdin: "hi\n").status == 0)
        let value = try #require(try cli.json("keychain", "get", "Greeting") as? [String: String])
        #expect(value == ["key": "Greeting", "value": "hi"])

        let lock = try #require(try cli.json("lock", "now") as? [String: Any])
        #expect(lock["sessionUnlocked"] as? Bool != nil)
        #expect(Set(lock.keys) == Set(try #require(try cli.json("lock", "status") as? [String: Any]).keys))
    }

    @Test func agentStatusWithNothingPendingHasANullNext() throws {
        let agent = try cli.run("agent", "status", "--json")
        #expect(agent.stdout.contains("\"next\" : null"))
    }

    @Test func overdueItemsAreRedAndCheckedOnesDimOnATerminalOnly() throws {
        try cli.run("item", "add", "List", "Late", "--due", "2000-01-01 09:00")
        try cli.run("item", "add", "List", "Done", "--checked")
        try cli.run("item", "add", "List", "Plain")
        func onTerminal(_ extra: [String: String]) throws -> String {
            let terminal = try PtySession(
                [CLIRunner.binary, "items", "List"],
                environment: cli.environment.merging(["TERM": "xterm"].merging(extra) { _, b in b }) { _, b in b })
            #expect(try terminal.wait() == 0)
            return terminal.transcript
        }
        let coloured = try onTerminal([:])
        #expect(coloured.contains("\u{1B}[31m[ ] 0  Late"))
        #expect(coloured.contains("\u{1B}[2m[✓] 1  Done"))
        #expect(coloured.contains("[ ] 2  Plain") && !coloured.contains("m[ ] 2  Plain"))
        #expect(!(try onTerminal(["NO_COLOR": "1"])).contains("\u{1B}["))
        #expect(!(try onTerminal(["TERM": "dumb"])).contains("\u{1B}["))
        #expect(!(try cli.run("items", "List").stdout.contains("\u{1B}")))  // a pipe
    }

    @Test func aTerminalThatCannotMoveTheCursorGetsTheOverview() throws {
        // TERM=dumb (Emacs' shell, editors' consoles): the full-screen UI used to start there,
        // drawing rows of blanks and waiting for keys; now it is the overview, as for an
        // unknown TERM.
        try cli.run("list", "add", "Groceries")
        let terminal = try PtySession(
            [CLIRunner.binary], environment: cli.environment.merging(["TERM": "dumb"]) { _, b in b })
        #expect(try terminal.wait(timeout: 10) == 0)
        #expect(terminal.transcript.contains("Groceries  No Items"))
        #expect(!terminal.transcript.contains("\u{1B}"))
    }
}
