import Foundation
import TestSupport
import Testing

/// Plain columns of `checklists.sqlite` (the item ID counter, due dates) that a damaged or edited
/// file holds out of range: reported as damage (exit 3) or carried through, never a trap.
/// Before, `item add` with the counter at Int64.max and `item edit` of an item due at
/// Int64.max seconds died of an overflow (SIGILL, exit 132), and a negative counter made an
/// item -3 that no command could address.
@Suite struct TamperedColumnCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test(arguments: ["9223372036854775807", "-3"])
    func aCounterOutOfRangeIsReportedAsDamage(_ value: String) throws {
        try cli.run("item", "add", "List", "Milk")
        try sqlite("UPDATE settings SET value = \(value) WHERE key = 'ChecklistItemID'")
        let added = try cli.run("item", "add", "List", "Bread")
        #expect(added.status == 3)
        #expect(added.stderr.contains("is damaged (ChecklistItemID \(value))"), "\(added.stderr)")
        // Everything else still works, and nothing was lost.
        #expect(try cli.run("items", "List").stdout.contains("[ ] 0  Milk"))
        #expect(try cli.run("item", "check", "0").status == 0)
    }

    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "1e300"])
    func anItemDueAtTheEndOfTimeCanBeEdited(_ due: String) throws {
        try cli.run("item", "add", "List", "Milk", "--due", "2030-01-01 09:00")
        try sqlite("UPDATE items SET due = \(due)")
        let edited = try cli.run("item", "edit", "0", "--text", "Oat milk")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try cli.run("items", "List").stdout.contains("Oat milk"))
        #expect(try cli.run("item", "edit", "0", "--due", "2030-01-01 10:00").status == 0)
    }

    func sqlite(_ statement: String) throws {
        let update = try CLIRunner.execute(
            "/usr/bin/sqlite3", [home + "/checklists.sqlite", statement], environment: [:])
        #expect(update.status == 0, "\(update.stderr)")
    }
}
