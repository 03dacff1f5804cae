import Foundation
import SQLiteKit

/// Everything a store holds but its keys, read at one moment (`ChecklistStore.snapshot`).
public struct StoreSnapshot: Sendable, Equatable {
    /// Every list, by ID.
    public var lists: [Checklist]
    /// Every item, by ID.
    public var items: [ChecklistItem]
    /// Every note with its body, by ID.
    public var notes: [Note]
    /// Every tombstone, by uid.
    public var tombstones: [Tombstone]
    /// The integer settings a backup carries (`StoreSnapshot.settingKeys`), with their defaults.
    public var settings: [String: Int64]

    /// The settings that belong to the content: the open list, the item counter and how long
    /// tombstones are kept. The lock, the key's custody and the store's identity never move.
    public init(
        lists: [Checklist], items: [ChecklistItem], notes: [Note], tombstones: [Tombstone], settings: [String: Int64]
    ) {
        self.lists = lists
        self.items = items
        self.notes = notes
        self.tombstones = tombstones
        self.settings = settings
    }

    public static let settingKeys: [SettingKey] = [.checklistIndex, .checklistItemID, .tombstoneDays]
}

extension ChecklistStore {
    /// Every list, item, note, tombstone and content setting, read in one transaction.
    /// - Throws: `StoreError.undecryptable` for the first row that does not decrypt.
    public func snapshot() throws -> StoreSnapshot {
        try read { s in
            try s.db.execute("BEGIN")
            defer { try? s.db.execute("COMMIT") }
            let lists = try s.db.prepare("SELECT \(State.listColumns) FROM checklists ORDER BY id")
            var snapshot = StoreSnapshot(lists: [], items: [], notes: [], tombstones: [], settings: [:])
            while try lists.step() { snapshot.lists.append(try s.checklist(from: lists)) }
            let items = try s.db.prepare("SELECT \(State.itemColumns) FROM items ORDER BY id")
            while try items.step() { snapshot.items.append(try s.item(from: items)) }
            let notes = try s.db.prepare("SELECT id FROM notes ORDER BY id")
            var noteIDs: [Int64] = []
            while try notes.step() { noteIDs.append(notes.int64(0)) }
            snapshot.notes = try noteIDs.compactMap { try s.note(id: $0) }
            let graves = try s.db.prepare("SELECT uid, kind, deleted_at FROM tombstones ORDER BY uid")
            while try graves.step() {
                guard let kind = Tombstone.Kind(rawValue: graves.text(1)) else { continue }
                snapshot.tombstones.append(
                    Tombstone(uid: graves.text(0), kind: kind, deletedAt: State.date(graves.int64(2))))
            }
            // Within the values a restore accepts: a store edited by hand must still make a
            // backup that imports (a TombstoneDays past 36,500 used to be copied and then refused).
            for key in StoreSnapshot.settingKeys { snapshot.settings[key.rawValue] = try s.boundedInteger(key) }
            return snapshot
        }
    }
}
