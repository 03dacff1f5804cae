import ChecklistsKit
import Foundation
import TestSupport
import Testing

/// The store's change log: triggers record each change (kind, row ID and uid, list, operation)
/// whichever code made it, and keep the log bounded.
@Suite struct ChangeLogTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("data") }

    func open() throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: FileKeyProvider(path: home + "/data.key"))
    }

    func sqlite(_ sql: String) throws -> [String] {
        let result = try CLIRunner.execute(
            "/usr/bin/sqlite3", [home + "/checklists.sqlite", sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func eachChangeIsRecordedWithItsRowUIDAndOperation() throws {
        let store = try open()
        let start = try #require(Int(try sqlite("SELECT max(seq) FROM change_log").first ?? ""))
        let list = try store.addChecklist(name: "Groceries")
        let item = try store.addItem(NewItem(text: "Milk"), to: list.id)
        _ = try store.toggleItem(id: item.id)
        var changes = ItemChanges()
        changes.text = "Oat milk"
        _ = try store.updateItem(id: item.id, changes)
        let note = try store.addNote(title: "Plan", body: "")
        try store.deleteNote(id: note.id)
        _ = try store.updateChecklist(id: list.id, name: "Food")
        try store.deleteItem(id: item.id)
        try store.deleteChecklist(id: list.id)
        let rows = try sqlite(
            "SELECT kind, row, uid, list, op, recount FROM change_log WHERE seq > \(start) AND kind != 'setting' ORDER BY seq"
        )
        let (l, i, n) = (list.uid, item.uid, note.uid)
        #expect(
            rows == [
                "list|\(list.id)|\(l)|\(list.id)|insert|0",
                "item|\(item.id)|\(i)|\(list.id)|insert|1",
                "item|\(item.id)|\(i)|\(list.id)|update|1",  // checked: the counts moved
                "item|\(item.id)|\(i)|\(list.id)|update|0",  // the text only
                "note|\(note.id)|\(n)||insert|0",
                "note|\(note.id)|\(n)||delete|0",
                "list|\(list.id)|\(l)|\(list.id)|update|0",
                "item|\(item.id)|\(i)|\(list.id)|delete|1",
                "list|\(list.id)|\(l)|\(list.id)|delete|0",
            ])
        // Settings are logged by key, except the item counter (each item's own row says it moved).
        try store.setInteger(.checklistIndex, 42)
        #expect(
            try sqlite("SELECT kind, key, op FROM change_log WHERE seq > \(start) AND kind = 'setting'") == [
                "setting|ChecklistIndex|insert"
            ])
    }

    /// Making an item all-day is a change like any other: logged as an update of the item, so a
    /// window showing it (and a later sync) learns of it.
    @Test func makingAnItemAllDayIsLoggedAsAnUpdate() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Errands")
        let item = try store.addItem(NewItem(text: "Dentist", dueDate: Date(timeIntervalSinceNow: 86_400)), to: list.id)
        let start = try #require(Int(try sqlite("SELECT max(seq) FROM change_log").first ?? ""))
        #expect(try store.updateItem(id: item.id, ItemChanges(isAllDay: true)).new.isAllDay)
        #expect(
            try sqlite("SELECT kind, row, op FROM change_log WHERE seq > \(start)") == ["item|\(item.id)|update"])
    }

    @Test func theLogKeepsItsNewestRowsOnly() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Bulk")
        _ = try store.addItems((0..<3_000).map { NewItem(text: "Item \($0)") }, to: list.id)
        let stats = try sqlite("SELECT count(*), max(seq) - min(seq) + 1, max(seq) FROM change_log")
        let numbers = try #require(stats.first).split(separator: "|").compactMap { Int($0) }
        #expect(numbers.count == 3)
        #expect(numbers[2] > 3_000)  // a row per item
        #expect(numbers[0] <= ChangeLog.kept + ChangeLog.pruneEvery)
        #expect(numbers[0] == numbers[1])  // contiguous: only the oldest rows went
    }

    /// A store whose log kept 10,000 rows (schema 5) keeps `ChangeLog.kept` once opened.
    @Test func anOlderStoreKeepsFewerRowsOnceOpened() throws {
        try open().close()
        _ = try sqlite(
            """
            DROP TRIGGER change_log_pruned;
            CREATE TRIGGER change_log_pruned AFTER INSERT ON change_log WHEN NEW.seq % 1000 = 0 BEGIN
                DELETE FROM change_log WHERE seq <= NEW.seq - 10000;
            END;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
            INSERT INTO change_log(kind, key, op) SELECT 'setting', 'Bench', 'update' FROM n;
            ALTER TABLE items DROP COLUMN all_day;
            PRAGMA user_version = 5;
            """)
        #expect(Int(try sqlite("SELECT count(*) FROM change_log").first ?? "") ?? 0 >= 10_000)
        let store = try open()
        _ = try store.addChecklist(name: "After")
        let count = try #require(Int(try sqlite("SELECT count(*) FROM change_log").first ?? ""))
        #expect(count <= ChangeLog.kept + ChangeLog.pruneEvery)
        #expect(count <= 2_000)  // it kept 10,000
        #expect(try sqlite("PRAGMA user_version") == ["7"])
    }
}
