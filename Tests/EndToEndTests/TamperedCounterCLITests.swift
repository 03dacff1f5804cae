import Foundation
import TestSupport
import Testing

/// The item ID counter is a plain row in `checklists.sqlite`'s settings: a damaged or edited
/// value is reported as damage (exit 3), never a trap. Before, `item add` with the counter at
/// Int64.max died of an overflow (SIGILL, exit 132), and a negative counter made an item -3
/// that no command could address.
@Suite struct TamperedCounterCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test(arguments: ["9223372036854775807", "-3"])
    func aCounterOutOfRangeIsReportedAsDamage(_ value: String) throws {
        try cli.run("item", "add", "List", "Milk")
        let update = try CLIRunner.execute(
            "/usr/bin/sqlite3",
            [home + "/checklists.sqlite", "UPDATE settings SET value = \(value) WHERE key = 'ChecklistItemID'"],
            environment: [:])
        #expect(update.status == 0, "\(update.stderr)")
        let added = try cli.run("item", "add", "List", "Bread")
        #expect(added.status == 3)
        #expect(added.stderr.contains("is damaged (ChecklistItemID \(value))"), "\(added.stderr)")
        // Everything else still works, and nothing was lost.
        #expect(try cli.run("items", "List").stdout.contains("[ ] 0  Milk"))
        #expect(try cli.run("item", "check", "0").status == 0)
    }
}
