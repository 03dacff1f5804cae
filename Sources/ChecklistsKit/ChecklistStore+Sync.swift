import Foundation
import SQLiteKit

extension ChecklistStore {
    /// The tombstones kept for a later sync, oldest first. Those older than the
    /// "TombstoneDays" setting (default 90) are purged whenever something is deleted.
    public func tombstones() throws -> [Tombstone] {
        try read { s in
            let stmt = try s.db.prepare("SELECT uid, kind, deleted_at FROM tombstones ORDER BY deleted_at, uid")
            var result: [Tombstone] = []
            while try stmt.step() {
                guard let kind = Tombstone.Kind(rawValue: stmt.text(1)) else { continue }
                result.append(Tombstone(uid: stmt.text(0), kind: kind, deletedAt: State.date(stmt.int64(2))))
            }
            return result
        }
    }
}

extension ChecklistStore.State {
    /// Records that `uid` was deleted, and purges the tombstones that have expired.
    func bury(uid: String, kind: Tombstone.Kind) throws {
        let now = Self.now()
        try db.prepare("INSERT OR REPLACE INTO tombstones(uid, kind, deleted_at) VALUES (?, ?, ?)")
            .bind(.text(uid), .text(kind.rawValue), .int(now)).run()
        try purgeTombstones(now: now)
    }

    /// Records that the list `listID` and each of its items were deleted.
    func bury(listID: Int64) throws {
        let now = Self.now()
        try db.prepare(
            """
            INSERT OR REPLACE INTO tombstones(uid, kind, deleted_at)
            SELECT uid, 'item', ? FROM items WHERE list_id = ? AND uid IS NOT NULL
            UNION ALL SELECT uid, 'list', ? FROM checklists WHERE id = ? AND uid IS NOT NULL
            """
        )
        .bind(.int(now), .int(listID), .int(now), .int(listID)).run()
        try purgeTombstones(now: now)
    }

    /// Deletes the tombstones older than "TombstoneDays" days before `now` (one indexed range).
    func purgeTombstones(now: Int64) throws {
        let days = try boundedInteger(.tombstoneDays)
        try db.prepare("DELETE FROM tombstones WHERE deleted_at < ?").bind(.int(now - days * 86_400)).run()
    }

    /// Re-seals the rows sealed before uids existed (bound to their row ID) under their uid, in
    /// one transaction, and clears "ResealPending". A row that does not open is left as it is
    /// (still bound to its row ID), so reading it reports it undecryptable as before.
    /// The caller holds the data directory's lock.
    func resealIfPending() throws {
        try db.transaction {
            guard try value("ResealPending") != nil else { return }
            for (id, uid, name, icon) in try rows("SELECT id, uid, name, icon FROM checklists WHERE aad = 0") {
                let old = String(id)
                guard let name = try? open(name, .listName(old), table: "checklists", id: id),
                    let icon = try? open(icon, .listIcon(old), table: "checklists", id: id)
                else { continue }
                try db.prepare("UPDATE checklists SET name = ?, icon = ?, aad = 1 WHERE id = ?")
                    .bind(.blob(seal(name, .listName(uid))), .blob(seal(icon, .listIcon(uid))), .int(id)).run()
            }
            for (id, uid, text, _) in try rows("SELECT id, uid, text, x'' FROM items WHERE aad = 0") {
                guard let text = try? open(text, .itemText(String(id)), table: "items", id: id) else { continue }
                try db.prepare("UPDATE items SET text = ?, aad = 1 WHERE id = ?")
                    .bind(.blob(seal(text, .itemText(uid))), .int(id)).run()
            }
            for (id, uid, title, body) in try rows("SELECT id, uid, title, body FROM notes WHERE aad = 0") {
                let old = String(id)
                guard let title = try? open(title, .noteTitle(old), table: "notes", id: id),
                    let body = try? open(body, .noteBody(old), table: "notes", id: id)
                else { continue }
                try db.prepare("UPDATE notes SET title = ?, body = ?, aad = 1 WHERE id = ?")
                    .bind(.blob(seal(title, .noteTitle(uid))), .blob(seal(body, .noteBody(uid))), .int(id)).run()
            }
            try setValue("ResealPending", .null)
        }
    }

    /// Every row of a query of (id, uid, blob, blob), read before any is rewritten.
    private func rows(_ sql: String) throws -> [(Int64, String, [UInt8], [UInt8])] {
        let stmt = try db.prepare(sql)
        defer { stmt.reset() }
        var result: [(Int64, String, [UInt8], [UInt8])] = []
        while try stmt.step() { result.append((stmt.int64(0), stmt.text(1), stmt.blob(2), stmt.blob(3))) }
        return result
    }
}
