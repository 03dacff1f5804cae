import ChecklistsKit
import Foundation
import Sodium
import TestSupport
import Testing

/// The model's readiness for sync: uids, created and modified times, tombstones, and
/// ciphertexts bound to the uid.
@Suite struct ChecklistStoreSyncTests {
    let dir = TemporaryDirectory()
    let key = Sodium.randomBytes(SecretBox.keyLength)
    var home: String { dir.appending("data") }

    func open() throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: FixedKeyProvider(key: key))
    }

    @discardableResult
    func sqlite(_ sql: String) throws -> String {
        let result = try CLIRunner.execute("/usr/bin/sqlite3", [home + "/checklists.sqlite", sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func isLowercaseUUID(_ uid: String) -> Bool {
        UUID(uuidString: uid) != nil && uid == uid.lowercased()
    }

    @Test func uidsAreLowercaseUUIDsThatEditsNeverChange() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Trip", items: [NewItem(text: "a"), NewItem(text: "b")])
        let items = try store.items(in: list.id)
        let note = try store.addNote(title: "T", body: "B")
        let uids = [list.uid, note.uid] + items.map(\.uid)
        #expect(uids.allSatisfy(isLowercaseUUID))
        #expect(Set(uids).count == 4)
        try store.updateChecklist(id: list.id, name: "Trip 2", icon: .trips)
        try store.updateItem(id: items[0].id, ItemChanges(text: "a2", dueDate: .some(Date())))
        try store.toggleItem(id: items[1].id)
        try store.updateNote(id: note.id, title: "T2", body: "B2")
        let reopened = try open()
        #expect(try reopened.checklist(id: list.id)?.uid == list.uid)
        #expect(try reopened.items(in: list.id).map(\.uid) == items.map(\.uid))
        #expect(try reopened.note(id: note.id)?.uid == note.uid)
        #expect(try reopened.notes().map(\.uid) == [note.uid])
    }

    @Test func editsAndTogglesMarkModifiedAndKeepCreated() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "a"), NewItem(text: "b")])
        let note = try store.addNote(title: "T", body: "")
        #expect(abs(list.created.timeIntervalSinceNow) < 600)
        #expect(list.created == list.modified)
        // Back-date everything, so that a change shows without waiting for the clock.
        try sqlite("UPDATE checklists SET created = 1000, modified = 1000")
        try sqlite("UPDATE items SET created = 1000, modified = 1000")
        try sqlite("UPDATE notes SET created = 1000, modified = 1000")
        let old = Date(timeIntervalSince1970: 1000)
        let items = try store.items(in: list.id)
        #expect(items.allSatisfy { $0.created == old && $0.modified == old })
        let toggled = try store.toggleItem(id: items[0].id)
        let edited = try store.updateItem(id: items[1].id, ItemChanges(text: "b2")).new
        for item in [toggled, edited, try store.item(id: items[0].id), try store.item(id: items[1].id)] {
            #expect(item?.created == old)
            #expect((item?.modified ?? old) > old)
        }
        #expect(try store.checklist(id: list.id)?.modified == old)  // item changes are the items' own
        let renamed = try store.updateChecklist(id: list.id, name: "L2")
        #expect(renamed.created == old && renamed.modified > old)
        let saved = try store.updateNote(id: note.id, body: "x")
        #expect(saved.created == old && saved.modified > old)
    }

    @Test func deletingLeavesTombstonesForTheListAndEachItem() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "a"), NewItem(text: "b")])
        let items = try store.items(in: list.id)
        let other = try store.addChecklist(name: "Other", items: [NewItem(text: "c")])
        let single = try store.items(in: other.id)[0]
        let note = try store.addNote(title: "T", body: "")
        #expect(try store.tombstones().isEmpty)
        try store.deleteItem(id: single.id)
        try store.deleteNote(id: note.id)
        try store.deleteChecklist(id: list.id)
        let stones = try store.tombstones()
        #expect(Set(stones.map(\.uid)) == Set([single.uid, note.uid, list.uid] + items.map(\.uid)))
        #expect(stones.first { $0.uid == list.uid }?.kind == .list)
        #expect(stones.first { $0.uid == note.uid }?.kind == .note)
        #expect(stones.filter { $0.kind == .item }.count == 3)
        #expect(stones.allSatisfy { abs($0.deletedAt.timeIntervalSinceNow) < 600 })
    }

    @Test func tombstonesOlderThanTheSettingArePurgedOnDelete() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "a"), NewItem(text: "b")])
        let items = try store.items(in: list.id)
        try store.deleteItem(id: items[0].id)
        try store.setInteger(.tombstoneDays, 2)
        try sqlite("UPDATE tombstones SET deleted_at = deleted_at - 3 * 86400")
        try store.deleteItem(id: items[1].id)
        #expect(try store.tombstones().map(\.uid) == [items[1].uid])
        // Kept while younger than the setting (the default is 90 days).
        try sqlite("UPDATE tombstones SET deleted_at = deleted_at - 86400")
        try store.setInteger(.tombstoneDays, SettingKey.tombstoneDays.defaultValue)
        try store.deleteChecklist(id: list.id)
        #expect(try store.tombstones().count == 2)
        // The purge is one range of the index, not a scan.
        let plan = try sqlite("EXPLAIN QUERY PLAN DELETE FROM tombstones WHERE deleted_at < 5")
        #expect(plan.contains("tombstones_by_time"), "\(plan)")
    }

    @Test func aCiphertextOpensOnlyInTheRowWithItsUidWhateverTheRowID() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "first"), NewItem(text: "second")])
        let items = try store.items(in: list.id)
        // Renumbered: still opens, since it is bound to the uid.
        try sqlite("UPDATE items SET id = 500 WHERE id = \(items[0].id)")
        #expect(try store.item(id: 500)?.text == "first")
        #expect(try store.item(id: 500)?.uid == items[0].uid)
        // Copied to a row with another uid: does not open, and the others still read.
        try sqlite("UPDATE items SET text = (SELECT text FROM items WHERE id = 500) WHERE id = \(items[1].id)")
        let read = try store.readItems(in: list.id)
        #expect(read.items.map(\.text) == ["first"])
        #expect(read.undecryptable == [items[1].id])
        // The same with a list's name copied to another list.
        let other = try store.addChecklist(name: "Other")
        try sqlite(
            "UPDATE checklists SET name = (SELECT name FROM checklists WHERE id = \(list.id)) WHERE id = \(other.id)")
        #expect(throws: StoreError.undecryptable(table: "checklists", id: other.id)) {
            try store.checklist(id: other.id)
        }
    }

    @Test func rowsSealedUnderTheirRowIDAreReadThenResealedUnderTheirUid() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L", items: [NewItem(text: "new"), NewItem(text: "x")])
        let items = try store.items(in: list.id)
        let note = try store.addNote(title: "T", body: "B")
        // As a store written before uids existed: sealed under the row ID, `aad` 0, re-seal pending.
        var copy = key
        let box = try SecretBox(key: try SecureBytes(consuming: &copy))
        func hex(_ text: String, _ ad: String) -> String {
            box.seal(Array(text.utf8), associatedData: Array(ad.utf8)).map { String(format: "%02x", $0) }.joined()
        }
        let id = items[0].id
        try sqlite(
            """
            UPDATE items SET aad = 0, text = x'\(hex("old text", "items.text:\(id)"))' WHERE id = \(id);
            UPDATE items SET aad = 0, text = x'0001020304' WHERE id = \(items[1].id);
            UPDATE checklists SET aad = 0, name = x'\(hex("Old name", "checklists.name:\(list.id)"))',
                icon = x'\(hex("Trips", "checklists.icon:\(list.id)"))' WHERE id = \(list.id);
            UPDATE notes SET aad = 0, title = x'\(hex("Old title", "notes.title:\(note.id)"))',
                body = x'\(hex("Old body", "notes.body:\(note.id)"))' WHERE id = \(note.id);
            INSERT INTO settings(key, value) VALUES ('ResealPending', 1);
            """)
        #expect(try store.item(id: id)?.text == "old text")
        #expect(try store.checklist(id: list.id)?.name == "Old name")
        #expect(try store.note(id: note.id)?.body == "Old body")
        store.close()
        let reopened = try open()
        #expect(try sqlite("SELECT count(*) FROM settings WHERE key = 'ResealPending'") == "0")
        // The damaged row stays as it was (and reads as undecryptable); the others moved.
        #expect(try sqlite("SELECT group_concat(aad) FROM (SELECT aad FROM items ORDER BY id)") == "1,0")
        #expect(try sqlite("SELECT aad FROM checklists WHERE id = \(list.id)") == "1")
        #expect(try sqlite("SELECT aad FROM notes") == "1")
        #expect(try reopened.readItems(in: list.id).items.map(\.text) == ["old text"])
        #expect(try reopened.readItems(in: list.id).undecryptable == [items[1].id])
        #expect(try reopened.checklist(id: list.id)?.icon == .trips)
        #expect(try reopened.note(id: note.id)?.title == "Old title")
        // Now bound to the uid: the row-ID form no longer opens.
        try sqlite("UPDATE items SET text = x'\(hex("forged", "items.text:\(id)"))' WHERE id = \(id)")
        #expect(try reopened.readItems(in: list.id).undecryptable == [id, items[1].id])
    }
}
