import Foundation
import TestSupport
import Testing

/// Stores written by earlier binaries open with today's: the fixtures under
/// Tests/Fixtures/stores were made by the release binary of a0d3ff2 (schema 2: `v2-plain`,
/// lock off; `v2-passcode`, passcode lock on, passcode 246810), by main before uids
/// (schema 3 with a StoreID: `v3-plain`) and by main's release binary of bcf1ab3 before the
/// change log (schema 4: `v4-plain`, lock off, notifications on). All data in them is test text.
@Suite struct MigrationCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }
    var database: String { home + "/checklists.sqlite" }

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
    }
    var cli: CLIRunner { CLIRunner(home: home, environment: environment) }

    /// Copies a fixture home to `home`, private as the app made it (git keeps no modes).
    func install(_ fixture: String) throws {
        let source = Rig.root + "/Tests/Fixtures/stores/" + fixture
        try FileManager.default.copyItem(atPath: source, toPath: home)
        chmod(home, 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: home) { chmod(home + "/" + name, 0o600) }
    }

    func sqlite(_ sql: String) throws -> String {
        let result = try CLIRunner.execute("/usr/bin/sqlite3", [database, sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func json(_ arguments: String...) throws -> [[String: Any]] {
        let result = try cli.run(arguments: arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func isUID(_ value: Any?) -> Bool {
        guard let uid = value as? String else { return false }
        return UUID(uuidString: uid) != nil && uid == uid.lowercased()
    }

    /// Every uid re-sealed, nothing pending, schema current.
    func expectMigrated() throws {
        #expect(try sqlite("PRAGMA user_version") == "7")
        #expect(try sqlite("SELECT count(*) FROM settings WHERE key = 'ResealPending'") == "0")
        for table in ["checklists", "items", "notes"] {
            #expect(try sqlite("SELECT count(*) FROM \(table) WHERE aad = 0 OR uid IS NULL") == "0")
        }
    }

    @Test func aSchema2StoreWithTheLockOffOpensWithEverythingReadable() throws {
        try install("v2-plain")
        let lists = try json("lists")
        #expect(lists.map { $0["name"] as? String } == ["Groceries", "List"])
        #expect(lists.allSatisfy { isUID($0["uid"]) && $0["created"] is String && $0["modified"] is String })
        #expect(lists.first?["icon"] as? String == "Groceries")
        let groceries = try json("items", "Groceries")
        #expect(groceries.map { $0["text"] as? String } == ["Milk", "Bread"])
        #expect(groceries.map { $0["checked"] as? Bool } == [false, true])
        #expect(groceries[0]["due"] as? String == "2030-01-02T09:30:00Z")
        #expect(groceries[0]["remind"] as? Bool == true)
        #expect(groceries.allSatisfy { isUID($0["uid"]) })
        #expect(try json("items", "List").first?["due"] as? String == "2030-03-04T18:00:00Z")
        let notes = try json("notes")
        #expect(Set(notes.map { $0["title"] as? String }) == ["Test note one", "Test note two"])
        #expect(try cli.run("note", "show", "1").stdout.contains("Body of note one"))
        let secret = try PtySession([CLIRunner.binary, "secret"], environment: environment)
        try secret.expect("Password for")
        secret.send("account pw\r")
        try secret.expect("test secret A")
        #expect(try secret.wait() == 0)
        #expect(try cli.run("keychain", "status").stdout.contains("file vault"))
        #expect(try cli.run("reminders").stdout.contains("Milk"))
        try expectMigrated()
        // The uids were made once; a new item continues the old counter.
        #expect(try json("items", "Groceries").map { $0["uid"] as? String } == groceries.map { $0["uid"] as? String })
        #expect(try cli.run("item", "add", "Groceries", "Eggs").stdout.contains("Added item 3"))
    }

    @Test func aSchema2StoreUnderThePasscodeLockOpensWithThePasscode() throws {
        try install("v2-passcode")
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on (the app passcode)"))
        #expect(try cli.run("keychain", "keys").stdout.contains("LockWrap.passcode"))
        #expect(try cli.run("lists").status == 1)  // still locked, no terminal to ask on
        let b = CLIRunner.binary
        let shell = try PtySession(
            ["/bin/sh", "-c", "\(b) items Trips --json; \(b) secret; \(b) note show 1"], environment: environment)
        var screen = ""
        for _ in 0..<3 {
            screen += try shell.expect("Checklists passcode")
            shell.send("246810\r")
        }
        #expect(try shell.wait() == 0)
        screen += shell.transcript
        for text in ["Pack bags", "Book hotel", "2031-05-06T07:15:00Z", "\"uid\"", "test secret B", "Body under lock"] {
            #expect(screen.contains(text), "\(text) in \(screen)")
        }
        try expectMigrated()
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on (the app passcode)"))
    }

    @Test func aSchema3StoreKeepsItsStoreIDAndOpens() throws {
        try install("v3-plain")
        let storeID = try sqlite("SELECT value FROM settings WHERE key = 'StoreID'")
        let items = try json("items", "Chores")
        #expect(items.map { $0["text"] as? String } == ["Sweep", "Dust"])
        #expect(items[0]["due"] as? String == "2032-07-08T20:45:00Z")
        #expect(items.allSatisfy { isUID($0["uid"]) })
        #expect(try cli.run("note", "show", "1").stdout.contains("Body from main"))
        #expect(try sqlite("SELECT value FROM settings WHERE key = 'StoreID'") == storeID)
        try expectMigrated()
    }

    @Test func aSchema4StoreOpensAndGainsTheChangeLog() throws {
        try install("v4-plain")
        let storeID = try sqlite("SELECT value FROM settings WHERE key = 'StoreID'")
        let uids = try sqlite("SELECT group_concat(uid) FROM (SELECT uid FROM items ORDER BY id)")
        let items = try json("items", "Errands")
        #expect(items.map { $0["text"] as? String } == ["Post letters", "Return books"])
        #expect(items.map { $0["checked"] as? Bool } == [false, true])
        #expect(items[0]["due"] as? String == "2033-09-10T11:20:00Z")
        #expect(items[0]["remind"] as? Bool == true)
        #expect(items.map { $0["allDay"] as? Bool } == [false, false])  // schema 7: timed, as they were
        #expect(try cli.run("note", "show", "1").stdout.contains("Body from schema 4"))
        #expect(try cli.run("reminders").stdout.contains("Post letters"))
        #expect(try cli.run("settings").stdout.contains("Notifications: on"))
        try expectMigrated()
        #expect(try sqlite("SELECT value FROM settings WHERE key = 'StoreID'") == storeID)
        #expect(try sqlite("SELECT group_concat(uid) FROM (SELECT uid FROM items ORDER BY id)") == uids)
        // From now on every change is logged.
        #expect(try cli.run("item", "toggle", "0").status == 0)
        #expect(try sqlite("SELECT kind, row, list, op FROM change_log WHERE kind = 'item'") == "item|0|2|update")
    }
}
