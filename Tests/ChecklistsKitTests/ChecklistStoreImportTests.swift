import ChecklistsKit
import Foundation
import Reminders
import TestSupport
import Testing

/// `ChecklistStore.importBatch`: one transaction, identities kept, nothing added twice.
@Suite struct ChecklistStoreImportTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("data") }

    func open() throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: FileKeyProvider(path: home + "/data.key"))
    }

    static let due = Date(timeIntervalSince1970: 4_000_000_020)

    static let batch = ImportBatch(
        lists: [
            ImportBatch.List(
                name: "Groceries", icon: .groceries,
                items: [
                    .init(id: 5, text: "Milk", checked: true),
                    .init(id: 9, text: "Eggs", dueDate: due, shouldRemind: true),
                ]),
            ImportBatch.List(name: "Old", items: [.init(text: "No ID")]),
        ],
        notes: [.init(title: "Ideas", body: "body")], settings: ["ChecklistItemID": 12], openList: 1)

    @Test func importsKeepingItemIDsAndRaisingTheCounter() throws {
        let store = try open()
        let summary = try store.importBatch(Self.batch)
        #expect(summary.listsAdded == 2 && summary.itemsAdded == 3 && summary.notesAdded == 1)
        #expect(summary.remindersScheduled == 1)
        let lists = try store.checklists().sorted { $0.id < $1.id }
        #expect(lists.map(\.name) == ["List", "Groceries", "Old"])
        let groceries = try store.items(in: lists[1].id)
        #expect(groceries.map(\.id) == [5, 9])
        #expect(groceries.map(\.checked) == [true, false])
        #expect(groceries[1].dueDate == Self.due && groceries[1].shouldRemind)
        #expect(try store.items(in: lists[2].id).map(\.id) == [12])  // fresh: past the iOS counter
        #expect(try store.integer(.checklistItemID) == 13)
        #expect(try store.integer(.checklistIndex) == lists[0].id)  // the open list stays
        #expect(lists[1].remaining == 1 && lists[1].total == 2)
    }

    @Test func importingTheSameBatchAgainAddsNothing() throws {
        let store = try open()
        try store.importBatch(Self.batch)
        let again = try store.importBatch(Self.batch)
        #expect(again.isEmpty)
        #expect(again.listsMatched == 2 && again.itemsSkipped == 3 && again.notesSkipped == 1)
        #expect(try store.checklists().count == 3)
        #expect(try store.notes().count == 1)
    }

    /// Lists with a uid the store does not know take a list of the same name that was there
    /// before and that the batch does not name by uid, once each: a second list of that name
    /// in the batch is added, and the batch's own lists are never merged with each other.
    @Test func listsWithUnknownUIDsTakeAnUnclaimedListOfTheirName() throws {
        let store = try open()
        _ = try store.addItem(NewItem(text: "Bread"), to: try #require(store.checklists().first).id)
        let batch = ImportBatch(lists: [
            ImportBatch.List(uid: "other-list", name: "List", items: [.init(uid: "a", text: "Milk")]),
            ImportBatch.List(uid: "second-list", name: "List", items: [.init(uid: "b", text: "Eggs")]),
        ])
        let summary = try store.importBatch(batch)
        #expect(summary.listsMatched == 1 && summary.listsAdded == 1 && summary.itemsAdded == 2)
        let lists = try store.checklists().sorted { $0.id < $1.id }
        #expect(lists.map(\.name) == ["List", "List"])
        #expect(try store.items(in: lists[0].id).map(\.text) == ["Bread", "Milk"])
        #expect(try store.items(in: lists[1].id).map(\.text) == ["Eggs"])
        #expect(try store.importBatch(batch).isEmpty)
        #expect(try store.checklists().count == 2)
    }

    @Test func anIDTakenByAnotherItemGetsAFreshOne() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Mine")
        let mine = try store.addItems([NewItem(text: "a"), NewItem(text: "b"), NewItem(text: "c")], to: list.id)
        #expect(mine.map(\.id) == [0, 1, 2])
        try store.importBatch(ImportBatch(lists: [.init(name: "Theirs", items: [.init(id: 1, text: "x")])]))
        let theirs = try store.resolveList("Theirs")
        #expect(try store.items(in: theirs.id).map(\.id) == [3])
        #expect(try store.item(id: 1)?.text == "b")
    }

    @Test func aDryRunChangesNothingAndSaysWhatWouldChange() throws {
        let store = try open()
        let before = try store.snapshot()
        let summary = try store.importBatch(Self.batch, dryRun: true)
        #expect(summary.listsAdded == 2 && summary.itemsAdded == 3)
        #expect(try store.snapshot() == before)
    }

    @Test func aBadEntryImportsNothing() throws {
        let store = try open()
        var bad = Self.batch
        bad.lists[1].items.append(.init(text: "   "))
        #expect(throws: ChecklistsError.emptyItemText) { try store.importBatch(bad) }
        #expect(try store.checklists().map(\.name) == ["List"])
        #expect(try store.integer(.checklistItemID) == 0)
    }

    /// A restore takes "TombstoneDays" over: a negative or absurd one (a hand-edited backup)
    /// is refused before anything is written, and the store keeps its own.
    @Test func aRestoreWithTombstoneDaysOutOfRangeImportsNothing() throws {
        let store = try open()
        for days: Int64 in [-1, -90, 36_501, .max, .min] {
            var batch = Self.batch
            batch.isRestore = true
            batch.settings = [SettingKey.tombstoneDays.rawValue: days]
            #expect(throws: ChecklistsError.settingOutOfRange(.tombstoneDays, days)) { try store.importBatch(batch) }
            #expect(try store.checklists().map(\.name) == ["List"])
            #expect(try store.integer(.tombstoneDays) == 90)
        }
        #expect(
            "\(ChecklistsError.settingOutOfRange(.tombstoneDays, -1))"
                == "TombstoneDays must be from 0 to 36500, not -1; nothing was changed.")
        var batch = Self.batch
        batch.isRestore = true
        batch.settings = [SettingKey.tombstoneDays.rawValue: 36_500]
        try store.importBatch(batch)
        #expect(try store.integer(.tombstoneDays) == 36_500)
    }

    @Test func aRestoreIntoAnUntouchedStoreKeepsEveryIdentity() throws {
        let source = try ChecklistStore(directory: dir.appending("source"), keyProvider: FixedKeyProvider())
        let list = try source.addChecklist(name: "Trips", icon: .trips)
        try source.addItems([NewItem(text: "Passport"), NewItem(text: "Tickets", checked: true)], to: list.id)
        try source.deleteItem(id: 0)
        try source.addNote(title: "n", body: "b")
        try source.setInteger(.checklistIndex, list.id)
        let snapshot = try source.snapshot()
        var batch = ImportBatch(
            lists: snapshot.lists.map { l in
                ImportBatch.List(
                    id: l.id, uid: l.uid, name: l.name, icon: l.icon, created: l.created, modified: l.modified,
                    items: snapshot.items.filter { $0.listID == l.id }.map {
                        .init(
                            id: $0.id, uid: $0.uid, text: $0.text, checked: $0.checked, dueDate: $0.dueDate,
                            shouldRemind: $0.shouldRemind, created: $0.created, modified: $0.modified)
                    })
            },
            notes: snapshot.notes.map {
                .init(
                    id: $0.id, uid: $0.uid, title: $0.title, body: $0.body, created: $0.created, modified: $0.modified)
            }, tombstones: snapshot.tombstones, settings: snapshot.settings, isRestore: true)
        batch.openList = snapshot.lists.firstIndex { $0.id == list.id }
        let target = try open()
        try target.importBatch(batch)
        #expect(try target.snapshot() == snapshot)
    }

    @Test func importedRemindersAreScheduled() throws {
        let store = try open()
        let center = try Reminders.NotificationCenter(directory: home)
        let scheduler = ReminderScheduler(
            center: center, store: store, dates: DueDate.Display(locale: Locale(identifier: "en_US")))
        scheduler.start()
        try store.importBatch(Self.batch)
        #expect(try center.pendingNotificationRequests().map(\.identifier) == ["item-9"])
    }

    /// Items that come without a uid get a fresh random (version 4) UUID in lowercase.
    @Test func itemsWithoutAUIDGetAFreshLowercaseUUID() throws {
        let store = try open()
        try store.importBatch(ImportBatch(lists: [.init(name: "L", items: (0..<50).map { .init(text: "\($0)") })]))
        let uids = try store.items(in: try store.resolveList("L").id).map(\.uid)
        #expect(Set(uids).count == 50)
        for uid in uids {
            let uuid = try #require(UUID(uuidString: uid))
            #expect(uuid.uuidString.lowercased() == uid)
            #expect(uuid.uuid.6 >> 4 == 4 && uuid.uuid.8 >> 6 == 2)
        }
    }

    /// The lists' names, totals and remaining counts, by name.
    static func counts(_ store: ChecklistStore) throws -> [String] {
        try store.checklists().map { "\($0.name) \($0.total) \($0.remaining)" }.sorted()
    }

    func sqlite(_ sql: String, in directory: String) throws -> [String] {
        let result = try CLIRunner.execute(
            "/usr/bin/sqlite3", [directory + "/checklists.sqlite", sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// An import sets the per-row item triggers aside and moves each list's counts once: the
    /// counts are those the same items added one by one give, into new and existing lists.
    @Test func countsAfterAnImportMatchThoseOfAddingItemByItem() throws {
        let items = (0..<40).map { ImportBatch.Item(text: "Item \($0)", checked: $0 % 3 == 0) }
        let batch = ImportBatch(lists: [
            .init(name: "Mine", items: Array(items.prefix(9))), .init(name: "New", items: items), .init(name: "Empty"),
            .init(name: "All done", items: [.init(text: "x", checked: true)]),
        ])
        let imported = try open()
        let mine = try imported.addChecklist(name: "Mine", items: [NewItem(text: "there before", checked: true)])
        try imported.importBatch(batch)
        let added = try ChecklistStore(directory: dir.appending("added"), keyProvider: FixedKeyProvider())
        try added.addChecklist(name: "Mine", items: [NewItem(text: "there before", checked: true)])
        for list in batch.lists {
            let target = try added.checklists().first { $0.name == list.name } ?? added.addChecklist(name: list.name)
            for item in list.items { try added.addItem(NewItem(text: item.text, checked: item.checked), to: target.id) }
        }
        #expect(try Self.counts(imported) == Self.counts(added))
        #expect(try Self.counts(imported).contains("Mine 10 6"))
        // The triggers are back: later changes move the counts again.
        let item = try imported.addItem(NewItem(text: "later"), to: mine.id)
        try imported.toggleItem(id: item.id)
        try added.addItem(NewItem(text: "later", checked: true), to: try added.resolveList("Mine").id)
        #expect(try Self.counts(imported) == Self.counts(added))
    }

    /// The triggers an import sets aside come back exactly as they were, after a dry run too,
    /// and the change log names each list that gained items once.
    @Test func anImportLeavesTheTriggersAsTheyWereAndLogsEachListOnce() throws {
        let store = try open()
        let triggers = "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name"
        let before = try sqlite(triggers, in: home)
        #expect(before.joined().contains("items_counted_insert") && before.joined().contains("change_log_item_insert"))
        let start = try #require(Int(try sqlite("SELECT max(seq) FROM change_log", in: home).first ?? ""))
        try store.importBatch(Self.batch, dryRun: true)
        #expect(try sqlite(triggers, in: home) == before)
        try store.importBatch(Self.batch)
        #expect(try sqlite(triggers, in: home) == before)
        let lists = try store.checklists().filter { $0.name != "List" }.sorted { $0.id < $1.id }
        let logged = try sqlite(
            "SELECT kind, row, uid, list, op, recount FROM change_log WHERE seq > \(start) AND kind = 'item'", in: home)
        #expect(logged == lists.map { "item|||\($0.id)|insert|1" })
    }

    /// A batch large enough to build the item indexes afresh: uids given, one repeated.
    static let large = ImportBatch(lists: [
        .init(
            name: "Large",
            items: (0..<1200).map { n in
                ImportBatch.Item(id: Int64(n), uid: "large-\(n == 7 ? 6 : n)", text: "Item \(n)", checked: n % 2 == 0)
            })
    ])

    /// A large import into a small store drops the item indexes and makes them again in its
    /// transaction: afterwards (and after a dry run) they are exactly as before, in use, and the
    /// uid repeated in the batch was still skipped.
    @Test func aLargeImportLeavesTheIndexesAsTheyWere() throws {
        let store = try open()
        let indexes = "SELECT name, sql FROM sqlite_schema WHERE type = 'index' ORDER BY name"
        let before = try sqlite(indexes, in: home)
        #expect(before.joined().contains("items_by_uid") && before.joined().contains("items_by_list"))
        let dry = try store.importBatch(Self.large, dryRun: true)
        #expect(try sqlite(indexes, in: home) == before)
        let summary = try store.importBatch(Self.large)
        #expect(dry == summary && summary.itemsAdded == 1199 && summary.itemsSkipped == 1)
        #expect(try sqlite(indexes, in: home) == before)
        #expect(try sqlite("PRAGMA integrity_check", in: home) == ["ok"])
        let plan = try sqlite("EXPLAIN QUERY PLAN SELECT id FROM items WHERE uid = 'large-5'", in: home)
        #expect(plan.joined().contains("items_by_uid"))
        #expect(try store.importBatch(Self.large).itemsAdded == 0)
    }

    /// What a SIGKILL in the middle of a large import leaves on disk (the database, its WAL and
    /// shared memory, copied while the import's transaction is open, indexes and triggers set
    /// aside) opens as the store before the import: every index and trigger there, no item added.
    @Test func aCrashInTheMiddleOfALargeImportLeavesTheStoreAsBefore() throws {
        let store = try open()
        let schema = "SELECT type, name, sql FROM sqlite_schema ORDER BY type, name"
        let before = try sqlite(schema, in: home)
        let crashed = dir.appending("crashed")
        try FileManager.default.createDirectory(atPath: crashed, withIntermediateDirectories: true)
        var copied = false
        try store.importBatch(Self.large) { done, _ in
            guard !copied, done >= 1000 else { return }
            copied = true
            let files = FileManager.default
            for name in ["checklists.sqlite", "checklists.sqlite-wal", "checklists.sqlite-shm"]
            where files.fileExists(atPath: home + "/" + name) {
                try? files.copyItem(atPath: home + "/" + name, toPath: crashed + "/" + name)
            }
        }
        #expect(copied)
        #expect(try sqlite(schema, in: crashed) == before)
        #expect(try sqlite("SELECT count(*) FROM items", in: crashed) == ["0"])
        #expect(try sqlite("PRAGMA integrity_check", in: crashed) == ["ok"])
        #expect(try sqlite("SELECT count(*) FROM items", in: home) == ["1199"])
    }
}
