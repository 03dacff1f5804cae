import Foundation
import SQLiteKit
import Sodium

extension ChecklistStore {
    /// Re-seals every encrypted value — list names and icons, item texts, note titles and
    /// bodies, the key check, the sealed secret and keychain items — under `key`, and writes
    /// `settings` (plain values, such as the lock's method), all in one transaction: the store
    /// is sealed wholly under the old key or wholly under the new one. From then on this store
    /// seals and opens with `key`. A value that did not open under the old key stays as it was
    /// (it was unreadable before and stays so). Afterwards the files hold no value sealed under
    /// the old key, unless another connection kept reading an older snapshot for over 2 s.
    /// - Throws: `StoreError` when the transaction fails; the store and its key are unchanged.
    public func rekey(to key: SecureBytes, settings: [String: String] = [:]) throws {
        let newBox = try SecretBox(key: key)
        try bulkWrite { s in
            let old = State(db: s.db, box: s.box)
            let new = State(db: s.db, box: newBox)
            try old.reseal("checklists", ["name", "icon"], into: new) { [.listName($0), .listIcon($0)] }
            try old.reseal("items", ["text"], into: new) { [.itemText($0)] }
            try old.reseal("notes", ["title", "body"], into: new) { [.noteTitle($0), .noteBody($0)] }
            // The lock's times as they hold under the old key, sealed under the new one.
            let times = try old.lockTimes().settings
            try old.resealSettings(into: new)
            for (name, value) in settings { try s.setValue(name, .text(value)) }
            try new.saveLockTimes(times)
        }
        // Only once committed: a failed commit leaves the store under the old key.
        try read { s in
            s.box = newBox
            s.keyCheck = nil
            // Every page built afresh (what a SQLite without secure_delete left in free space
            // before, under what is now the old key, goes), then written over the old pages in
            // the database file, which kept them until a later checkpoint, and the WAL goes with
            // every older version of them: until then a copy of the old key opened a copy of the
            // files. The re-seal stands if another process holds the database meanwhile.
            try? StoreCompaction.pack(s.db)
            s.db.truncateWAL(waiting: 2_000)
        }
    }
}

extension ChecklistStore.State {
    /// Re-seals the sealed `columns` of every row of `table` under `new`, each column under the
    /// slot `slots` gives for the row's binding (in the same order). All rows are read before the
    /// first is rewritten; a row whose values do not all open under the old key is left as it is.
    func reseal(
        _ table: String, _ columns: [String], into new: ChecklistStore.State,
        slots: (String) -> [Slot]
    ) throws {
        let stmt = try db.prepare("SELECT id, uid, aad, \(columns.joined(separator: ", ")) FROM \(table)")
        var rows: [(id: Int64, binding: String, sealed: [[UInt8]])] = []
        while try stmt.step() {
            let id = stmt.int64(0)
            let sealed = columns.indices.map { stmt.blob(Int32(3 + $0)) }
            rows.append((id, Self.binding(id: id, uid: stmt.text(1), aad: stmt.int64(2)), sealed))
        }
        stmt.reset()
        let assignments = columns.map { "\($0) = ?" }.joined(separator: ", ")
        let update = try db.prepare("UPDATE \(table) SET \(assignments) WHERE id = ?")
        for row in rows {
            let slots = slots(row.binding)
            let texts = zip(row.sealed, slots).compactMap { try? open($0, $1, table: table, id: row.id) }
            guard texts.count == columns.count else { continue }
            try update.bind(zip(texts, slots).map { .blob(new.seal($0, $1)) } + [.int(row.id)]).run()
        }
    }

    /// The sealed settings: the key check, the lock's times, the secret, the keychain items. Any other sealed
    /// setting is unknown to this version: refused, so that none is left under the old key.
    func resealSettings(into new: ChecklistStore.State) throws {
        let stmt = try db.prepare("SELECT key, value FROM settings WHERE typeof(value) = 'blob'")
        var rows: [(String, [UInt8])] = []
        while try stmt.step() { rows.append((stmt.text(0), stmt.blob(1))) }
        stmt.reset()
        let update = try db.prepare("UPDATE settings SET value = ? WHERE key = ?")
        for (name, blob) in rows {
            let associatedData: [UInt8]
            if name == "KeyCheck" {
                associatedData = ChecklistStore.keyCheckData
            } else if name == LockTimes.setting {
                associatedData = LockTimes.associatedData
            } else if name == ChecklistStore.secretSetting {
                associatedData = ChecklistStore.secretAssociatedData
            } else if name.hasPrefix(ChecklistStore.keychainItemPrefix) {
                associatedData = ChecklistStore.keychainItemData(
                    String(name.dropFirst(ChecklistStore.keychainItemPrefix.count)))
            } else {
                throw StoreError.undecryptable(table: "settings", id: 0)
            }
            guard var plain = try? box.open(blob, associatedData: associatedData) else { continue }
            defer { Sodium.wipe(&plain) }
            try update.bind(.blob(new.box.seal(plain, associatedData: associatedData)), .text(name)).run()
        }
    }
}

extension ChecklistStore {
    /// Whether the key this store was opened with still opens it: false once another process
    /// has re-sealed it under a new key (`rekey`). One read of the key check.
    public func holdsCurrentKey() -> Bool {
        (try? read { s in try s.requireOwnKey() }) != nil
    }

    /// Whether `key` opens the store in `directory` (its key check), read without opening the
    /// store; true when there is no store or no key check yet.
    public static func keyOpens(_ key: SecureBytes, directory: String) -> Bool {
        guard let stored = keyCheck(directory: directory) else { return true }
        guard let box = try? SecretBox(key: key) else { return false }
        return keyCheckVersion(stored, box: box) != nil
    }

    /// The store's sealed key check as stored in `directory` (nil when there is none): it
    /// changes with every new data key (`rekey`), so a caller can tell whether one came.
    public static func keyCheck(directory: String) -> [UInt8]? {
        let check = peek(directory: directory) { db -> [UInt8]? in
            let stmt = try db.prepare("SELECT value FROM settings WHERE key = 'KeyCheck'")
            defer { stmt.reset() }
            return try stmt.step() ? stmt.blob(0) : nil
        }
        return check ?? nil
    }
}
