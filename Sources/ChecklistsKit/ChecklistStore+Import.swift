import Foundation
import SQLiteKit
import Sodium

extension ChecklistStore {
    /// Adds what `batch` holds that the store does not have yet, in one transaction (all or
    /// nothing), keeping given uids, item IDs and times. Importing the same batch again adds
    /// nothing. Added items with a reminder go through the reminder journal like any new item.
    ///
    /// The "ChecklistItemID" counter becomes at least one more than the largest imported ID (and
    /// at least the batch's own "ChecklistItemID" setting). A restore (`isRestore`) into an
    /// untouched store — only the first-run "List", empty, and no notes — replaces that list,
    /// keeps list and note IDs, and takes over "ChecklistIndex" and "TombstoneDays".
    /// - Parameters:
    ///   - dryRun: Work everything out, then roll back: the summary says what would change.
    ///   - progress: Called now and then with (items done, items in the batch).
    /// - Throws: `ChecklistsError.emptyListName` / `.emptyItemText` / `.emptyNoteTitle` /
    ///   `.settingOutOfRange` before anything is written; `StoreError` when the store fails (nothing is kept).
    @discardableResult
    public func importBatch(
        _ batch: ImportBatch, dryRun: Bool = false, now: Date = Date(), progress: ((Int, Int) -> Void)? = nil
    ) throws -> ImportSummary {
        for list in batch.lists {
            _ = try Self.validName(list.name)
            for item in list.items { _ = try Self.validText(item.text) }
        }
        for note in batch.notes { _ = try Self.validTitle(note.title) }
        for key in SettingKey.allCases {
            if let value = batch.settings[key.rawValue], let allowed = key.allowedValues, !allowed.contains(value) {
                throw ChecklistsError.settingOutOfRange(key, value)
            }
        }
        let journal = self.journal.withLock { $0 }
        var changes: [StoreChange] = []
        let summary: ImportSummary
        do {
            summary = try bulkWrite { s in
                var importer = Importer(state: s, batch: batch, now: now, journal: journal, progress: progress)
                let summary = try importer.run()
                changes = importer.changes
                if dryRun { throw DryRun(summary: summary) }
                return summary
            }
        } catch let dry as DryRun {
            return dry.summary
        }
        for change in changes { notify(change) }
        return summary
    }
}

/// Carries a dry run's summary out of the transaction it rolls back.
private struct DryRun: Error {
    let summary: ImportSummary
}

/// One import inside its transaction.
private struct Importer {
    let s: ChecklistStore.State
    let batch: ImportBatch
    let now: Date
    let journal: (@Sendable (StoreChange, ChecklistStore.State) throws -> Void)?
    let progress: ((Int, Int) -> Void)?
    var summary = ImportSummary()
    var changes: [StoreChange] = []
    /// Texts of the items of lists that existed before, read when first needed.
    var existingTexts: [Int64: Set<String>] = [:]
    var seenUIDs: Set<String> = []
    /// Titles and bodies of the notes there before, read when first needed.
    var existingNotes: Set<[String]>?
    var done = 0
    /// The uids and IDs of the items in the store, read once when the batch is large next to
    /// the store (else each item is looked up: a few items into a large store read no more).
    var storedUIDs: Set<String>?
    var storedIDs: Set<Int64>?
    /// How many items the store held before the import.
    var storedCount: Int64 = 0
    /// The next fresh item ID, written back once at the end.
    var counter: Int64 = 0
    var random = RandomPool()
    /// The items to add, written together once every list is matched (`ImportRows`).
    var rows: ImportRows
    /// Whether some item has neither uid nor ID (matched by text): only then are texts remembered.
    let tracksTexts: Bool

    init(
        state: ChecklistStore.State, batch: ImportBatch, now: Date,
        journal: (@Sendable (StoreChange, ChecklistStore.State) throws -> Void)?, progress: ((Int, Int) -> Void)?
    ) {
        s = state
        self.batch = batch
        self.now = now
        self.journal = journal
        self.progress = progress
        tracksTexts = batch.lists.contains { $0.items.contains { $0.uid == nil && $0.id == nil } }
        rows = ImportRows(capacity: batch.itemCount)
    }

    mutating func run() throws -> ImportSummary {
        let restoring = try batch.isRestore && isUntouched()
        if restoring { try s.db.prepare("DELETE FROM checklists").run() }
        let largest = batch.lists.flatMap { $0.items.compactMap(\.id) }.filter(Self.usable).max() ?? -1
        let wanted = batch.settings[SettingKey.checklistItemID.rawValue].flatMap { Self.usable($0) ? $0 : nil } ?? 0
        counter = max(try s.integer(.checklistItemID), largest + 1, wanted)
        try loadStoredKeys()
        let triggers = try ItemInsertTriggers.suspend(s.db)
        let indexes = try rebuildsIndexes ? ItemIndexes.suspend(s.db) : nil
        var byName: [String: Int64] = [:]
        // Lists the batch does not know by uid, for its lists with a uid the store does not
        // have: another store's first-run "List" is this one's (each is claimed once).
        let batchUIDs = Set(batch.lists.compactMap(\.uid))
        var unclaimed: [String: Int64] = [:]
        for list in try allLists() {
            if byName[list.name].map({ list.id < $0 }) ?? true { byName[list.name] = list.id }
            if !batchUIDs.contains(list.uid), unclaimed[list.name].map({ list.id < $0 }) ?? true {
                unclaimed[list.name] = list.id
            }
        }
        var listIDs: [Int64] = []
        for list in batch.lists {
            let id = try importList(list, byName: &byName, unclaimed: &unclaimed, keepID: restoring)
            listIDs.append(id)
        }
        try writeRows()
        try indexes?.restore(s.db)
        try triggers.restore(s.db)
        try s.setInteger(.checklistItemID, counter)
        for note in batch.notes { try importNote(note, keepID: restoring) }
        for tombstone in batch.tombstones {
            try s.db.prepare("INSERT OR IGNORE INTO tombstones(uid, kind, deleted_at) VALUES (?, ?, ?)")
                .bind(.text(tombstone.uid), .text(tombstone.kind.rawValue), .int(seconds(tombstone.deletedAt))).run()
        }
        let current = try s.integer(.checklistIndex)
        let currentExists = current >= 0 ? try s.checklist(id: current) != nil : false
        if let open = batch.openList, listIDs.indices.contains(open), restoring || !currentExists {
            try s.setInteger(.checklistIndex, listIDs[open])
        }
        if restoring, let days = batch.settings[SettingKey.tombstoneDays.rawValue] {
            try s.setInteger(.tombstoneDays, days)
        }
        progress?(done, batch.itemCount)
        return summary
    }

    /// Imports of at least this many items into a store holding no more than the import build
    /// the item indexes afresh at the end (`ItemIndexes`) instead of keeping them up per row.
    static let indexRebuildMinimum = 1000

    /// Whether the item indexes are set aside: a large batch into a store no larger, with every
    /// lookup the import makes answered without them (stored uids and IDs in memory, no items
    /// matched by text, which reads a list's items through the list index).
    private var rebuildsIndexes: Bool {
        storedUIDs != nil && !tracksTexts && batch.itemCount >= Self.indexRebuildMinimum
            && storedCount <= Int64(batch.itemCount)
    }

    /// Reads the stored items' uids and IDs once when the batch is at least an eighth of the store.
    private mutating func loadStoredKeys() throws {
        let stored = try s.db.scalar("SELECT count(*) FROM items") ?? 0
        storedCount = stored
        guard stored <= Int64(batch.itemCount) * 8 else { return }
        let stmt = try s.db.prepare("SELECT id, uid FROM items")
        // Room for the batch's own too: growing a set of 100,000 strings rehashed it a dozen times.
        let room = Int(stored) + batch.itemCount
        var uids = Set<String>(minimumCapacity: room)
        var ids = Set<Int64>(minimumCapacity: room)
        while try stmt.step() {
            ids.insert(stmt.int64(0))
            uids.insert(stmt.text(1))
        }
        storedUIDs = uids
        storedIDs = ids
    }

    /// Whether an item with this uid is stored.
    private func isStored(uid: String) throws -> Bool {
        if let storedUIDs { return storedUIDs.contains(uid) }
        return try lookup("SELECT id FROM items WHERE uid = ?", .text(uid)) != nil
    }

    /// The stored item with this ID, if any (read only when the ID is known to be taken).
    private func storedItem(id: Int64) throws -> (listID: Int64, text: String)? {
        if let row = rows.row(id: id) { return (row.listID, row.text) }
        if let storedIDs, !storedIDs.contains(id) { return nil }
        return try s.item(id: id).map { ($0.listID, $0.text) }
    }

    /// Whether the store holds nothing but its first-run list, empty and unrenamed.
    private func isUntouched() throws -> Bool {
        let lists = try allLists()
        let notes = try s.db.scalar("SELECT count(*) FROM notes") ?? 0
        let graves = try s.db.scalar("SELECT count(*) FROM tombstones") ?? 0
        return notes == 0 && graves == 0 && lists.count <= 1
            && lists.allSatisfy { $0.name == "List" && $0.total == 0 && $0.icon == .noIcon }
    }

    private func allLists() throws -> [Checklist] {
        let stmt = try s.db.prepare("SELECT \(ChecklistStore.State.listColumns) FROM checklists ORDER BY id")
        var lists: [Checklist] = []
        while try stmt.step() { lists.append(try s.checklist(from: stmt)) }
        return lists
    }

    /// The list's ID in the store: the one it matches, or a new one. A list with a uid matches
    /// the list with that uid, else a list of the same name that was there before the import
    /// and that no list of the batch names by uid (a backup's "List" and this store's).
    private mutating func importList(
        _ list: ImportBatch.List, byName: inout [String: Int64], unclaimed: inout [String: Int64], keepID: Bool
    ) throws -> Int64 {
        var existing: Int64?
        if let uid = list.uid {
            existing = try lookup("SELECT id FROM checklists WHERE uid = ?", .text(uid))
            if existing == nil { existing = unclaimed.removeValue(forKey: list.name) }
        } else {
            existing = byName[list.name]
        }
        let id: Int64
        if let existing {
            id = existing
            summary.listsMatched += 1
        } else {
            let uid = list.uid ?? ChecklistStore.State.newUID()
            let created = list.created.map(seconds) ?? seconds(now)
            let free =
                try list.id.map { id in
                    Self.usable(id) && id > 0
                        ? try lookup("SELECT id FROM checklists WHERE id = ?", .int(id)) == nil : false
                } ?? false
            try s.db.prepare(
                "INSERT INTO checklists(id, uid, name, icon, created, modified, aad) VALUES (?, ?, ?, ?, ?, ?, 1)"
            )
            .bind(
                keepID && free ? .int(list.id ?? 0) : .null, .text(uid), .blob(s.seal(list.name, .listName(uid))),
                .blob(s.seal(list.icon.rawValue, .listIcon(uid))), .int(created),
                .int(list.modified.map(seconds) ?? created)
            ).run()
            id = s.db.lastInsertRowID
            byName[list.name] = byName[list.name] ?? id
            existingTexts[id] = []
            summary.listsAdded += 1
        }
        var added = 0
        var unchecked = 0
        for item in list.items where try importItem(item, listID: id) {
            added += 1
            if !item.checked { unchecked += 1 }
        }
        try ItemInsertTriggers.settle(s.db, listID: id, added: added, unchecked: unchecked)
        if let saved = try s.checklist(id: id), existing == nil || added > 0 {
            changes.append(existing == nil ? .listAdded(saved) : .listUpdated(saved))
        }
        return id
    }

    /// Adds the item unless it is there already; true when added.
    private mutating func importItem(_ item: ImportBatch.Item, listID: Int64) throws -> Bool {
        done += 1
        if let uid = item.uid {
            // With the stored uids at hand, the one set also remembers the batch's own.
            let fresh = storedUIDs != nil ? storedUIDs?.insert(uid).inserted == true : seenUIDs.insert(uid).inserted
            guard fresh, try storedUIDs != nil || !isStored(uid: uid) else {
                summary.itemsSkipped += 1
                return false
            }
        }
        var id = item.id.flatMap { Self.usable($0) ? $0 : nil }
        if let wanted = id, let other = try storedItem(id: wanted) {
            if other.listID == listID && other.text == item.text {
                summary.itemsSkipped += 1
                return false
            }
            id = nil
        }
        if item.uid == nil && item.id == nil {
            if existingTexts[listID] == nil {
                existingTexts[listID] = Set(try s.items(listID: listID).map(\.text) + rows.texts(listID: listID))
            }
            if existingTexts[listID]?.contains(item.text) == true {
                summary.itemsSkipped += 1
                return false
            }
        }
        let newID: Int64
        if let id {
            newID = id
        } else {
            newID = counter
            counter += 1
        }
        let created = item.created.map(seconds) ?? seconds(now)
        rows.append(
            ImportRows.Row(
                id: newID, listID: listID, uid: item.uid ?? random.uid(), text: item.text, checked: item.checked,
                due: item.dueDate.map(seconds), allDay: item.isAllDay, remind: item.shouldRemind, created: created,
                modified: item.modified.map(seconds) ?? created, offset: 0),
            nonce: random.take(SecretBox.nonceLength))
        storedIDs?.insert(newID)
        if tracksTexts { existingTexts[listID]?.insert(item.text) }
        summary.itemsAdded += 1
        if item.shouldRemind, !item.checked, let due = item.dueDate, due > now { summary.remindersScheduled += 1 }
        return true
    }

    /// Seals and inserts the gathered items; those with a reminder go through the journal (an
    /// item without one changes nothing the journal keeps).
    private func writeRows() throws {
        func statement(rows: Int) throws -> Statement {
            try s.db.prepare(
                "INSERT INTO items(id, list_id, text, checked, due, remind, uid, created, modified, all_day, aad) VALUES "
                    + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)", count: rows).joined(separator: ", "))
        }
        // The full group's statement is made once; only the last, shorter group needs another.
        let group = try statement(rows: ImportRows.group)
        let total = batch.itemCount
        let skipped = done - rows.rows.count
        var written = 0
        let insert = { (count: Int) throws -> Statement in
            count == ImportRows.group ? group : try statement(rows: count)
        }
        try rows.write(box: s.box, prefix: Self.itemTextPrefix, insert: insert) { [rows, journal, s, progress] n in
            written += 1
            if written % 1000 == 0 { progress?(skipped + written, total) }
            let row = rows.rows[n]
            guard row.remind, let journal else { return }
            let stored = ChecklistItem(
                id: row.id, uid: row.uid, listID: row.listID, text: row.text, checked: row.checked,
                dueDate: row.due.map(ChecklistStore.State.date), isAllDay: row.allDay, shouldRemind: true,
                created: ChecklistStore.State.date(row.created), modified: ChecklistStore.State.date(row.modified))
            try journal(.itemSaved(old: nil, new: stored), s)
        }
    }

    private mutating func importNote(_ note: ImportBatch.NoteEntry, keepID: Bool) throws {
        if let uid = note.uid, try lookup("SELECT id FROM notes WHERE uid = ?", .text(uid)) != nil {
            summary.notesSkipped += 1
            return
        }
        if existingNotes == nil {
            let stmt = try s.db.prepare("SELECT id FROM notes ORDER BY id")
            var ids: [Int64] = []
            while try stmt.step() { ids.append(stmt.int64(0)) }
            existingNotes = Set(try ids.compactMap { try s.note(id: $0) }.map { [$0.title, $0.body] })
        }
        guard existingNotes?.insert([note.title, note.body]).inserted ?? true else {
            summary.notesSkipped += 1
            return
        }
        let uid = note.uid ?? ChecklistStore.State.newUID()
        let created = note.created.map(seconds) ?? seconds(now)
        let free =
            try note.id.map { id in
                Self.usable(id) && id > 0 ? try lookup("SELECT id FROM notes WHERE id = ?", .int(id)) == nil : false
            } ?? false
        try s.db.prepare("INSERT INTO notes(id, uid, title, body, modified, created, aad) VALUES (?, ?, ?, ?, ?, ?, 1)")
            .bind(
                keepID && free ? .int(note.id ?? 0) : .null, .text(uid), .blob(s.seal(note.title, .noteTitle(uid))),
                .blob(s.seal(note.body, .noteBody(uid))), .int(note.modified.map(seconds) ?? created), .int(created)
            ).run()
        summary.notesAdded += 1
    }

    static let itemTextPrefix = ChecklistStore.State.Slot.itemText("").associatedData

    /// Item IDs an import keeps: from 0 to 2^53 (room for the counter to grow, and exact in JSON).
    static func usable(_ id: Int64) -> Bool { (0...(1 << 53)).contains(id) }

    private func lookup(_ sql: String, _ value: SQLValue) throws -> Int64? {
        let stmt = try s.db.prepare(sql)
        defer { stmt.reset() }
        try stmt.bind(value)
        return try stmt.step() ? stmt.int64(0) : nil
    }

    /// Whole seconds since 1970, clamped to what SQLite and `Date` hold.
    private func seconds(_ date: Date) -> Int64 {
        let t = date.timeIntervalSince1970.rounded(.down)
        guard t.isFinite else { return 0 }
        return Int64(max(-1e15, min(1e15, t)))
    }
}
