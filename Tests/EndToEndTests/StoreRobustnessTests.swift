import Foundation
import TestSupport
import Testing

/// The store and the CLI's input handling under real use: wide IDs, hostile input, hostile
/// files, several processes on a fresh home.
@Suite struct StoreRobustnessTests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }
    var database: String { dir.appending("home") + "/checklists.sqlite" }

    @Test func itemsWithTwoDigitIDsNeverTrap() throws {
        for i in 0..<12 { #expect(try cli.run("item", "add", "List", "i\(i)").status == 0) }
        // Text output first (the defect), then --json; each pass edits and deletes its own item.
        for (id, json) in [("11", false), ("12", true)] {
            let commands: [[String]] = [
                ["item", "add", "List", "more"], ["item", "edit", id, "--text", "edited"], ["item", "toggle", id],
                ["item", "check", "10"], ["item", "uncheck", "10"], ["items", "List"], ["items"], ["lists"], [],
                ["item", "delete", id],
            ]
            for command in commands {
                let result = try cli.run(arguments: command + (json ? ["--json"] : []))
                #expect(result.status == 0, "\(command): \(result.stderr)")
                #expect(!result.stderr.contains("Fatal error"))
                if json {
                    #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "\(command)")
                }
            }
        }
    }

    @Test func hugeNumbersAndFarYearsAreUsageErrors() throws {
        try cli.run("item", "add", "List", "x")
        let cases: [[String]] = [
            ["item", "delete", "-1"],
            ["item", "add", "List", "y", "--due", "0000-01-01 10:00"],
            ["item", "add", "List", "y", "--due", "99999-01-01 10:00"],
            ["item", "add", "List", "y", "--due", "+999-01-01 10:00"],
            ["item", "add", "List", "y", "--due", "2030-01-01T10:00+99999999999999999:00"],
            ["item", "edit", "0", "--due", "1000-01-01 10:00"],
        ]
        for command in cases {
            let result = try cli.run(arguments: command)
            #expect(result.status == 2, "\(command): \(result.status) \(result.stderr)")
        }
        // A number too large for any ID names no item (RecordIDCLITests).
        let huge = try cli.run("item", "toggle", "99999999999999999999")
        #expect(huge.status == 1, "\(huge.stderr)")
        #expect(try cli.run("items", "List", "--json").stdout.components(separatedBy: "\"id\"").count == 2)
    }

    @Test func emptyHomeTypoedAgentAndBadTimeZoneAreUsageErrors() throws {
        #expect(try cli.run("--home", "", "lists").status == 2)
        #expect(try cli.run("lists", "--home", "").status == 2)
        #expect(try cli.run("agent", "typo").status == 2)
        var zoned = cli
        zoned.environment["TZ"] = "Nonsense"
        let parsed = try zoned.run("item", "add", "List", "x", "--due", "2030-01-01 10:00")
        #expect(parsed.status == 2)
        #expect(parsed.stderr.contains("TZ"))
        #expect(try cli.run("item", "add", "List", "x", "--due", "2030-01-01 10:00").status == 0)
        #expect(try zoned.run("items", "List").status == 2)
        zoned.environment["TZ"] = "Europe/Paris"
        #expect(try zoned.run("items", "List").status == 0)
    }

    @Test func invalidUTF8InArgumentsIsAUsageError() throws {
        let result = try CLIRunner.execute(
            "/bin/sh", ["-c", "exec \"$0\" item add List \"$(printf 'a\\377b')\"", CLIRunner.binary],
            environment: cli.environment)
        #expect(result.status == 2)
        #expect(result.stderr.contains("UTF-8"))
        #expect(!(try cli.run("items", "List").stdout.contains("a")))
    }

    @Test func showingAListWritesNothingWhenNothingChanges() throws {
        try cli.run("list", "add", "Trips")
        try cli.run("items", "Trips")
        // Neither the database file nor its WAL (kept between commands) changes.
        let before = FileManager.default.contents(atPath: database)
        let walBefore = FileManager.default.contents(atPath: database + "-wal")
        let shown = try cli.run("items", "Trips")
        #expect(shown.status == 0)
        #expect(FileManager.default.contents(atPath: database) == before)
        #expect(FileManager.default.contents(atPath: database + "-wal") == walBefore)
    }

    @Test func firstRunIsOneStepAcrossProcesses() throws {
        // Six processes on each of many fresh homes: every acknowledged list stays readable.
        let script = """
            for r in $(seq 1 $1); do
              for p in 1 2 3 4 5 6; do
                "$0" --home "$2/h$r" list add "L$p" >"$2/out.$r.$p" 2>&1 &
              done
              wait
            done
            cat "$2"/out.*
            """
        let rounds = 100
        let work = dir.appending("race")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let run = try CLIRunner.execute(
            "/bin/sh", ["-c", script, CLIRunner.binary, String(rounds), work], environment: cli.environment)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == rounds * 6)
        #expect(lines.allSatisfy { $0.hasPrefix("Added list") }, "\(lines.filter { !$0.hasPrefix("Added list") })")
        for r in 1...rounds {
            let home = CLIRunner(home: work + "/h\(r)")
            let lists = try home.run("lists", "--json")
            #expect(lists.status == 0, "home \(r): \(lists.stderr)")
            for p in 1...6 { #expect(lists.stdout.contains("\"L\(p)\""), "home \(r) lost L\(p)") }
        }
    }

    // MARK: - Hostile files

    @Test func negativeSchemaVersionIsAClearStorageError() throws {
        try cli.run("lists")
        try sqlite("PRAGMA user_version = -5")
        let result = try cli.run("lists")
        #expect(result.status == 3)
        #expect(result.stderr.contains("damaged"))
    }

    @Test func nonRegularDatabaseFilesAreRefused() throws {
        let home = dir.appending("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        #expect(mkfifo(database, 0o600) == 0)
        let fifo = try cli.run("lists")
        #expect(fifo.status == 3)
        #expect(fifo.stderr.contains("not a regular file"))
        try FileManager.default.removeItem(atPath: database)
        try FileManager.default.createSymbolicLink(atPath: database, withDestinationPath: "/dev/zero")
        let device = try cli.run("items", "List")
        #expect(device.status == 3)
        #expect(device.stderr.contains("not a regular file"))
    }

    @Test func aDamagedIndexIsReportedNotShownAsAShortList() throws {
        for i in 0..<30 { try cli.run("item", "add", "List", "item \(i)") }
        try sqlite("PRAGMA wal_checkpoint(TRUNCATE)")
        let root = try sqlite("SELECT rootpage FROM sqlite_schema WHERE name = 'items_by_list'")
        let pageSize = try sqlite("PRAGMA page_size")
        let page = try #require(Int(root.trimmingCharacters(in: .whitespacesAndNewlines)))
        let size = try #require(Int(pageSize.trimmingCharacters(in: .whitespacesAndNewlines)))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        bytes[page * size - 1] ^= 0x01  // the first index entry's last byte
        try bytes.write(to: URL(fileURLWithPath: database))
        let result = try cli.run("items", "List")
        #expect(result.status == 3, "\(result.stdout)")
        #expect(result.stderr.contains("damaged"))
    }

    @Test func oneUndecryptableItemLeavesTheOthersReadable() throws {
        for i in 0..<3 { try cli.run("item", "add", "List", "item \(i)") }
        try sqlite("UPDATE items SET text = x'0001020304' WHERE id = 1")
        let result = try cli.run("items", "List")
        #expect(result.status == 3)
        #expect(result.stdout.contains("item 0"))
        #expect(result.stdout.contains("item 2"))
        #expect(result.stderr.contains("1 item of List could not be decrypted (ID 1)"))
        let json = try cli.run("items", "List", "--json")
        #expect(json.status == 3)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
    }

    @discardableResult
    private func sqlite(_ sql: String) throws -> String {
        let result = try CLIRunner.execute("/usr/bin/sqlite3", [database, sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout
    }
}
