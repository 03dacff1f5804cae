import ChecklistsKit
import Foundation
import PrivateFiles
import Sodium
import TestSupport
import Testing

@Suite struct ChecklistStoreTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("data") }

    func open(_ keys: KeyProvider? = nil) throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: keys ?? FileKeyProvider(path: home + "/data.key"))
    }

    @Test func firstRunCreatesOneListNamedListExactlyOnce() throws {
        let store = try open()
        let lists = try store.checklists()
        #expect(lists.map(\.name) == ["List"])
        #expect(try store.integer(.checklistIndex) == lists[0].id)
        try store.deleteChecklist(id: lists[0].id)
        #expect(try open().checklists().isEmpty)
    }

    /// Makes no key: a keychain that refuses while the store is first made.
    struct RefusingKeyProvider: KeyProvider {
        var location: String { "refusing" }
        func loadKey() throws -> SecureBytes? { nil }
        func createKey() throws -> SecureBytes { throw StoreError.missingKey(path: location) }
    }

    /// The first run makes the schema, the store's identity, the key's check value and the first
    /// list in one step: when the key cannot be made, none of it is left behind (the store's
    /// identity was), and the next run makes the store whole.
    @Test func aFirstRunThatCannotMakeTheKeyLeavesNothingHalfMade() throws {
        #expect(throws: StoreError.self) { try open(RefusingKeyProvider()) }
        #expect(ChecklistStore.peekSettings(directory: home).isEmpty)
        let store = try open()
        #expect(try store.checklists().map(\.name) == ["List"])
        #expect(ChecklistStore.peekSettings(directory: home)["StoreID"] == store.storeID)
    }

    /// Bytes on disk of the database and its WAL.
    func sizeOnDisk() -> Int {
        let path = home + "/checklists.sqlite"
        return [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
    }

    /// Changes do not make the store bigger on disk: the change log keeps only its newest rows,
    /// and the WAL is bounded in proportion to the database (it reached 1 MiB whatever the
    /// store's size: five times this store).
    @Test func manyChangesDoNotGrowTheStoreOnDisk() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Bulk")
        let items = try store.addItems((0..<1_000).map { NewItem(text: "Item \($0)") }, to: list.id)
        store.close()
        let fresh = sizeOnDisk()
        let again = try open()
        for i in 0..<1_500 { _ = try again.toggleItem(id: items[i * 7 % items.count].id) }
        #expect(sizeOnDisk() <= fresh * 3 / 2, "\(fresh) bytes before, \(sizeOnDisk()) after")
    }

    /// Deleted items do not leave the file sparse: their rows were spread over every page of
    /// the items table, which kept the holes until a `VACUUM` (the file stayed as large as
    /// with all the items, tombstones on top); the store now packs itself as it closes once
    /// the empty space is a fifth of the file.
    @Test func deletionsDoNotLeaveTheStoreSparse() throws {
        let store = try open()
        let lists = try ["Kept", "Gone 1", "Gone 2"].map { try store.addChecklist(name: $0) }
        let text = String(repeating: "An item of the kind people write ", count: 2)
        for round in 0..<40 {
            for list in lists {
                _ = try store.addItems((0..<25).map { NewItem(text: "\(text)\(round) \($0)") }, to: list.id)
            }
        }
        store.close()
        let full = sizeOnDisk()
        let again = try open()
        try again.deleteChecklist(id: lists[1].id)
        try again.deleteChecklist(id: lists[2].id)
        again.close()
        // Unpacked, the file stays as large as with 3,000 items, plus 2,000 tombstones.
        #expect(sizeOnDisk() * 5 <= full * 4, "\(full) bytes with 3,000 items, \(sizeOnDisk()) with 1,000")
        #expect(try open().items(in: lists[0].id).count == 1_000)
    }

    @Test func itemIDsAreNeverReused() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Groceries")
        let a = try store.addItem(NewItem(text: "a"), to: list.id)
        let b = try store.addItem(NewItem(text: "b"), to: list.id)
        try store.deleteItem(id: b.id)
        let c = try open().addItem(NewItem(text: "c"), to: list.id)
        #expect(a.id == 0)
        #expect(c.id == b.id + 1)
        #expect(try store.integer(.checklistItemID) == c.id + 1)
    }

    @Test func editingChangesTheItemInPlace() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L")
        let item = try store.addItem(NewItem(text: "old"), to: list.id)
        let due = Date(timeIntervalSince1970: 1_900_000_042)
        let (old, new) = try store.updateItem(
            id: item.id, ItemChanges(text: "new", dueDate: .some(due), shouldRemind: true))
        #expect(old.text == "old")
        #expect(new.id == item.id)
        let items = try store.items(in: list.id)
        #expect(items.count == 1)
        #expect(items[0].text == "new")
        #expect(items[0].shouldRemind)
        #expect(items[0].dueDate == Date(timeIntervalSince1970: 1_900_000_020))
        try store.updateItem(id: item.id, ItemChanges(dueDate: .some(nil)))
        #expect(try store.item(id: item.id)?.dueDate == nil)
    }

    /// An all-day item stays all-day when the store is opened again, in a snapshot, and
    /// through an import; a due date set with a time, or cleared, makes it timed again.
    @Test func anAllDayItemKeepsItsFlagUntilItsDueDateGetsATime() throws {
        let due = Date(timeIntervalSince1970: 1_900_000_020)
        do {
            let store = try open()
            let list = try store.addChecklist(name: "Errands")
            let item = try store.addItem(NewItem(text: "Dentist", dueDate: due, isAllDay: true), to: list.id)
            _ = try store.addItem(NewItem(text: "Post", dueDate: due), to: list.id)
            _ = try store.addItem(NewItem(text: "No date", isAllDay: true), to: list.id)
            try store.updateItem(id: item.id, ItemChanges(text: "Dentist, bring card"))
        }
        let store = try open()
        let list = try store.resolveList("Errands")
        #expect(try store.items(in: list.id).map(\.isAllDay) == [true, false, false])
        #expect(try store.snapshot().items.map(\.isAllDay) == [true, false, false])
        let first = try store.items(in: list.id)[0]
        #expect(try store.updateItem(id: first.id, ItemChanges(dueDate: .some(due))).new.isAllDay == false)
        #expect(try store.updateItem(id: first.id, ItemChanges(dueDate: .some(due), isAllDay: true)).new.isAllDay)
        #expect(try store.updateItem(id: first.id, ItemChanges(dueDate: .some(nil))).new.isAllDay == false)

        let batch = ImportBatch(lists: [
            ImportBatch.List(
                name: "Imported",
                items: [
                    ImportBatch.Item(text: "Holiday", dueDate: due, isAllDay: true),
                    ImportBatch.Item(text: "Call", dueDate: due),
                ])
        ])
        _ = try store.importBatch(batch)
        #expect(try store.items(in: try store.resolveList("Imported").id).map(\.isAllDay) == [true, false])
    }

    /// A store made before items had an all-day flag (schema 6) opens with every item timed,
    /// as it was, and its items can be made all-day.
    @Test func aStoreFromBeforeAllDayItemsOpensWithItsItemsTimed() throws {
        let due = Date(timeIntervalSince1970: 1_900_000_020)
        do {
            let store = try open()
            let list = try store.addChecklist(name: "Errands")
            _ = try store.addItem(NewItem(text: "Dentist", dueDate: due, shouldRemind: true), to: list.id)
            store.close()
        }
        let sql = "ALTER TABLE items DROP COLUMN all_day; PRAGMA user_version = 6;"
        let old = try CLIRunner.execute("/usr/bin/sqlite3", [home + "/checklists.sqlite", sql], environment: [:])
        #expect(old.status == 0, "\(old.stderr)")
        let store = try open()
        let item = try #require(try store.items(in: try store.resolveList("Errands").id).first)
        #expect(item.text == "Dentist" && item.dueDate == due && item.shouldRemind && !item.isAllDay)
        #expect(try store.updateItem(id: item.id, ItemChanges(dueDate: .some(due), isAllDay: true)).new.isAllDay)
        #expect(try store.item(id: item.id)?.isAllDay == true)
    }

    @Test func countsFollowChecksAndDeletes() throws {
        let store = try open()
        let list = try store.addChecklist(
            name: "L", items: [NewItem(text: "a"), NewItem(text: "b"), NewItem(text: "c")])
        #expect(list.status == .remaining(3))
        let items = try store.items(in: list.id)
        try store.toggleItem(id: items[0].id)
        try store.setChecked(id: items[1].id, true)
        #expect(try store.checklist(id: list.id)?.status == .remaining(1))
        try store.deleteItem(id: items[2].id)
        #expect(try store.checklist(id: list.id)?.status == .allDone)
        try store.toggleItem(id: items[0].id)
        #expect(try store.checklist(id: list.id)?.status == .remaining(1))
        try store.deleteItem(id: items[0].id)
        try store.deleteItem(id: items[1].id)
        #expect(try store.checklist(id: list.id)?.status == .noItems)
    }

    @Test func itemsKeepTheOrderAdded() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L")
        for text in ["z", "a", "m"] { try store.addItem(NewItem(text: text), to: list.id) }
        #expect(try store.items(in: list.id).map(\.text) == ["z", "a", "m"])
    }

    @Test func refusesEmptyNamesAndTextsWithoutChangingAnything() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L")
        #expect(throws: ChecklistsError.emptyListName) { try store.addChecklist(name: "  ") }
        #expect(throws: ChecklistsError.emptyItemText) { try store.addItem(NewItem(text: ""), to: list.id) }
        #expect(throws: ChecklistsError.emptyListName) { try store.updateChecklist(id: list.id, name: "") }
        #expect(try store.checklists().count == 2)
        #expect(try store.items(in: list.id).isEmpty)
        #expect(try store.integer(.checklistItemID) == 0)
    }

    /// A name or text that shows nothing is empty: zero-width spaces and joiners, U+FEFF, a soft
    /// hyphen (a list named U+200B was accepted and showed blank); joiners inside emoji stay.
    @Test func refusesNamesAndTextsThatShowNothing() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L")
        for invisible in [
            "\u{200B}", " \u{200B}\u{200D} ", "\u{FEFF}", "\u{00AD}\u{2060}", "\u{FE0F}",
            // Drawn blank: braille with no dots, a null notehead, the Hangul fillers.
            "\u{2800}", " \u{2800}\u{2800} ", "\u{1D159}", "\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}",
        ] {
            #expect(throws: ChecklistsError.emptyListName) { try store.addChecklist(name: invisible) }
            #expect(throws: ChecklistsError.emptyItemText) { try store.addItem(NewItem(text: invisible), to: list.id) }
        }
        #expect(try store.addChecklist(name: "👩\u{200D}👩\u{200D}👧").name == "👩\u{200D}👩\u{200D}👧")
        #expect(try store.addItem(NewItem(text: "a\u{200B}b"), to: list.id).text == "a\u{200B}b")
        #expect(try store.addItem(NewItem(text: "\u{2801}"), to: list.id).text == "\u{2801}")  // one braille dot
        #expect(try store.checklists().count == 3)
    }

    @Test func resolvesListsByIDOrNameAndReportsAmbiguity() throws {
        let store = try open()
        let a = try store.addChecklist(name: "Chores")
        let b = try store.addChecklist(name: "chores")
        #expect(try store.resolveList(String(a.id)) == a)
        #expect(throws: ChecklistsError.ambiguousList("CHORES", candidates: [a, b])) { try store.resolveList("CHORES") }
        #expect(throws: ChecklistsError.listNotFound("Nope")) { try store.resolveList("Nope") }
    }

    /// Case is matched by full case folding, not by lower-casing letter by letter.
    @Test func resolvesNamesByCaseFoldingInEveryScript() throws {
        let store = try open()
        let street = try store.addChecklist(name: "Straße")
        let myth = try store.addChecklist(name: "Σίσυφος")
        let wide = try store.addChecklist(name: "ＡＢＣ")
        #expect(try store.resolveList("STRASSE") == street)
        #expect(try store.resolveList("ΣΊΣΥΦΟΣ") == myth)
        #expect(try store.resolveList("abc") == wide)
    }

    @Test func deletingAListRemovesItsItemsAndForgetsItWasOpen() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "a"), NewItem(text: "b")])
        try store.setInteger(.checklistIndex, list.id)
        let (_, items) = try store.deleteChecklist(id: list.id)
        #expect(items.map(\.text) == ["a", "b"])
        #expect(try store.item(id: items[0].id) == nil)
        #expect(try store.integer(.checklistIndex) == -1)
    }

    @Test func neverWritesNamesOrTextsInTheClear() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Zanzibar holiday", icon: .trips)
        try store.addItem(NewItem(text: "Pack the snorkel"), to: list.id)
        try store.updateChecklist(id: list.id, name: "Zanzibar trip")
        let bytes = try dir.allBytes()
        let leakedList = bytes.contains(utf8: "List")
        #expect(!leakedList)
        for secret in ["Zanzibar", "snorkel", "Trips"] {
            let leaked = bytes.contains(utf8: secret)
            #expect(!leaked, "\(secret) leaked")
        }
    }

    @Test func refusesAnotherKeyAndAMissingKey() throws {
        _ = try open()
        #expect(throws: StoreError.wrongKey) { try open(FixedKeyProvider(key: Sodium.randomBytes(32))) }
        try FileManager.default.removeItem(atPath: home + "/data.key")
        #expect(throws: StoreError.missingKey(path: home + "/data.key")) { try open() }
    }

    @Test func leavesADamagedFileUntouched() throws {
        try SecureFile.makeDirectory(home)
        let junk = Sodium.randomBytes(8192)
        try Data(junk).write(to: URL(fileURLWithPath: home + "/checklists.sqlite"))
        #expect(throws: StoreError.corrupt(path: home + "/checklists.sqlite")) { try open() }
        #expect(Array(FileManager.default.contents(atPath: home + "/checklists.sqlite")!) == junk)
    }

    @Test func leavesANewerDatabaseUntouched() throws {
        do { _ = try open() }
        let path = home + "/checklists.sqlite"
        var header = Array(FileManager.default.contents(atPath: path)!)
        header[60...63] = [0, 0, 0, 99]  // user_version lives at offset 60
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.newerSchema(found: 99, supported: 7)) { try open() }
        #expect(Array(FileManager.default.contents(atPath: path)!) == header)
    }

    /// A write by a later process stays in the WAL when it closes (one fsync per commit, not a
    /// checkpoint's two more and the WAL's re-creation), and the next process reads it back.
    @Test func aWriteStaysInTheWALAfterClosingAndIsReadBack() throws {
        let path = home + "/checklists.sqlite"
        do { _ = try open() }
        // Set up (schema, key, first list) and checkpointed into the file itself.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let before = FileManager.default.contents(atPath: path)
        do {
            let store = try open()
            let list = try store.addChecklist(name: "Kept")
            _ = try store.addItem(NewItem(text: "durable"), to: list.id)
            store.close()
        }
        var info = stat()
        #expect(stat(path + "-wal", &info) == 0 && info.st_size > 0)
        #expect(FileManager.default.contents(atPath: path) == before)
        let lists = try open().checklists()
        #expect(lists.map(\.name).sorted() == ["Kept", "List"])
        #expect(lists.first { $0.name == "Kept" }?.total == 1)
    }

    @Test func keepsFilesPrivate() throws {
        _ = try open()
        var info = stat()
        stat(home, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        for file in ["checklists.sqlite", "data.key"] {
            stat(home + "/" + file, &info)
            #expect(info.st_mode & 0o777 == 0o600, "\(file)")
        }
    }

    @Test func twoConnectionsWritingAtOnceBothSucceed() async throws {
        let first = try open()
        let second = try open()
        let list = try first.addChecklist(name: "L")
        await withTaskGroup(of: Void.self) { group in
            for store in [first, second] {
                group.addTask { for i in 0..<50 { _ = try? store.addItem(NewItem(text: "item \(i)"), to: list.id) } }
            }
        }
        #expect(try first.items(in: list.id).count == 100)
        #expect(Set(try first.items(in: list.id).map(\.id)).count == 100)
    }

    @Test func tellsObserversAboutCommittedChanges() throws {
        let store = try open()
        let seen = Box()
        let token = store.addObserver { change in
            if case .itemSaved(nil, let item) = change { seen.append(item.text) }
        }
        let list = try store.addChecklist(name: "L")
        try store.addItem(NewItem(text: "observed"), to: list.id)
        store.removeObserver(token)
        try store.addItem(NewItem(text: "unobserved"), to: list.id)
        #expect(seen.values == ["observed"])
    }
}

/// A thread-safe collector for observer callbacks.
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    var values: [String] { lock.withLock { storage } }
    func append(_ value: String) { lock.withLock { storage.append(value) } }
}
