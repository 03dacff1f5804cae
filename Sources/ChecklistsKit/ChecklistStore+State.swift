import Foundation
import SQLiteKit
import Sodium

extension ChecklistStore {
    /// The connection and the cipher, only touched while the store's mutex is held.
    final class State: @unchecked Sendable {
        let db: Database
        /// The cipher of the data key; replaced only by `rekey` (under the store's mutex).
        var box: SecretBox
        /// The key check as last seen to open under `box` (see `requireOwnKey`).
        var keyCheck: [UInt8]?

        init(db: Database, box: SecretBox) {
            self.db = db
            self.box = box
        }

        /// What an encrypted value is bound to, so a blob copied to another row does not open:
        /// the column and the row's uid ("items.text:<uid>"), or for a row sealed before uids
        /// existed (`aad` 0, until it is re-sealed) its row ID.
        enum Slot {
            case listName(String)
            case listIcon(String)
            case itemText(String)
            case noteTitle(String)
            case noteBody(String)

            var associatedData: [UInt8] {
                switch self {
                case .listName(let key): Array("checklists.name:\(key)".utf8)
                case .listIcon(let key): Array("checklists.icon:\(key)".utf8)
                case .itemText(let key): Array("items.text:\(key)".utf8)
                case .noteTitle(let key): Array("notes.title:\(key)".utf8)
                case .noteBody(let key): Array("notes.body:\(key)".utf8)
                }
            }
        }

        /// The key a row's ciphertexts are bound to: its uid (`aad` 1) or its row ID (`aad` 0).
        /// A uid always holds dashes, so the two never coincide.
        static func binding(id: Int64, uid: String, aad: Int64) -> String {
            aad == 1 ? uid : String(id)
        }

        /// A fresh uid: a random (version 4) UUID in lowercase. The bytes come from getrandom(2)
        /// through the system generator: Foundation's `UUID()` opens /dev/urandom for each one,
        /// a tenth of a 100,000-item import.
        static func newUID() -> String {
            var generator = SystemRandomNumberGenerator()
            let high = generator.next() & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000
            let low = generator.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000
            let h = withUnsafeBytes(of: high.bigEndian) { Array($0) }
            let l = withUnsafeBytes(of: low.bigEndian) { Array($0) }
            let uuid = UUID(
                uuid: (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]))
            return uuid.uuidString.lowercased()
        }

        /// The time now in whole seconds, as stored.
        static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

        static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

        /// `date` as stored, whole seconds. Clamped: a due date that an edited or damaged file
        /// held near Int64.max comes back as 2^63 seconds, and `Int64(_:)` trapped on it.
        static func seconds(_ date: Date) -> Int64 {
            let seconds = date.timeIntervalSince1970.rounded(.towardZero)
            return Int64(exactly: seconds) ?? (seconds < 0 ? .min : .max)
        }

        /// Refuses a write when another process re-sealed the store under a new key since this
        /// one opened it (`rekey`): what this one sealed would open under no key anyone holds.
        /// One read of the key check; a decryption only when it differs from the one last seen.
        func requireOwnKey() throws {
            let stmt = try db.prepare("SELECT value FROM settings WHERE key = 'KeyCheck'")
            defer { stmt.reset() }
            guard try stmt.step() else { return }
            let stored = stmt.blob(0)
            if stored == keyCheck { return }
            guard ChecklistStore.keyCheckVersion(stored, box: box) != nil else { throw StoreError.keyChanged }
            keyCheck = stored
        }

        func seal(_ text: String, _ slot: Slot) -> [UInt8] {
            box.seal(Array(text.utf8), associatedData: slot.associatedData)
        }

        func open(_ blob: [UInt8], _ slot: Slot, table: String, id: Int64) throws -> String {
            guard let plain = try? box.open(blob, associatedData: slot.associatedData) else {
                throw StoreError.undecryptable(table: table, id: id)
            }
            return String(decoding: plain, as: UTF8.self)
        }

        /// The columns `checklist(from:)` reads, in order.
        static let listColumns = "id, name, icon, total, remaining, uid, created, modified, aad"

        func checklist(from stmt: Statement) throws -> Checklist {
            let id = stmt.int64(0)
            let uid = stmt.text(5)
            let key = Self.binding(id: id, uid: uid, aad: stmt.int64(8))
            return Checklist(
                id: id, uid: uid, name: try open(stmt.blob(1), .listName(key), table: "checklists", id: id),
                icon: Icon(rawValue: try open(stmt.blob(2), .listIcon(key), table: "checklists", id: id)) ?? .noIcon,
                total: Int(stmt.int64(3)), remaining: Int(stmt.int64(4)), created: Self.date(stmt.int64(6)),
                modified: Self.date(stmt.int64(7)))
        }

        func checklist(id: Int64) throws -> Checklist? {
            let stmt = try db.prepare("SELECT \(Self.listColumns) FROM checklists WHERE id = ?")
            try stmt.bind(.int(id))
            defer { stmt.reset() }
            return try stmt.step() ? try checklist(from: stmt) : nil
        }

        /// Inserts a list with a fresh uid, its name and icon sealed under that uid.
        func insertChecklist(name: String, icon: Icon) throws -> Int64 {
            let uid = Self.newUID()
            let now = Self.now()
            try db.prepare(
                "INSERT INTO checklists(uid, name, icon, created, modified, aad) VALUES (?, ?, ?, ?, ?, 1)"
            )
            .bind(
                .text(uid), .blob(seal(name, .listName(uid))), .blob(seal(icon.rawValue, .listIcon(uid))),
                .int(now), .int(now)
            ).run()
            return db.lastInsertRowID
        }

        /// The columns `item(from:)` reads, in order.
        static let itemColumns = "id, list_id, text, checked, due, remind, uid, created, modified, aad, all_day"

        func item(from stmt: Statement) throws -> ChecklistItem {
            let id = stmt.int64(0)
            let uid = stmt.text(6)
            let key = Self.binding(id: id, uid: uid, aad: stmt.int64(9))
            return ChecklistItem(
                id: id, uid: uid, listID: stmt.int64(1),
                text: try open(stmt.blob(2), .itemText(key), table: "items", id: id), checked: stmt.int64(3) != 0,
                dueDate: stmt.isNull(4) ? nil : Self.date(stmt.int64(4)), isAllDay: stmt.int64(10) != 0,
                shouldRemind: stmt.int64(5) != 0,
                created: Self.date(stmt.int64(7)), modified: Self.date(stmt.int64(8)))
        }

        func items(listID: Int64) throws -> [ChecklistItem] {
            let stmt = try db.prepare(
                "SELECT \(Self.itemColumns) FROM items WHERE list_id = ? ORDER BY id")
            try stmt.bind(.int(listID))
            var result: [ChecklistItem] = []
            while try stmt.step() { result.append(try item(from: stmt)) }
            return result
        }

        /// Like `items(listID:)`, but an item that does not decrypt is skipped and reported.
        func readableItems(listID: Int64) throws -> ([ChecklistItem], [Int64]) {
            let stmt = try db.prepare(
                "SELECT \(Self.itemColumns) FROM items WHERE list_id = ? ORDER BY id")
            try stmt.bind(.int(listID))
            var items: [ChecklistItem] = []
            var undecryptable: [Int64] = []
            while try stmt.step() {
                do { items.append(try item(from: stmt)) } catch StoreError.undecryptable(_, let id) {
                    undecryptable.append(id)
                }
            }
            return (items, undecryptable)
        }

        /// Checks the file (only when a read looked wrong) and throws `StoreError.damaged` unless
        /// it is sound. `quick_check` first; then `integrity_check`, the only one that compares
        /// each index with its table (a flipped byte in an index passes `quick_check`).
        func checkIntegrity() throws {
            for pragma in ["quick_check(1)", "integrity_check(1)"] {
                let stmt = try db.prepare("PRAGMA \(pragma)")
                defer { stmt.reset() }
                let verdict = try stmt.step() ? stmt.text(0) : "no answer"
                guard verdict == "ok" else { throw StoreError.damaged(path: db.path, detail: verdict) }
            }
        }

        func item(id: Int64) throws -> ChecklistItem? {
            let stmt = try db.prepare("SELECT \(Self.itemColumns) FROM items WHERE id = ?")
            try stmt.bind(.int(id))
            defer { stmt.reset() }
            return try stmt.step() ? try item(from: stmt) : nil
        }

        func insertItem(_ item: NewItem, listID: Int64) throws -> ChecklistItem {
            let id = try integer(.checklistItemID)
            // An edited or damaged counter: at Int64.max the + 1 trapped, a negative one made IDs
            // that no command takes.
            guard id >= 0, id < Int64.max else {
                throw StoreError.damaged(path: db.path, detail: "ChecklistItemID \(id)")
            }
            try setInteger(.checklistItemID, id + 1)
            let now = Self.now()
            let stored = ChecklistItem(
                id: id, uid: Self.newUID(), listID: listID, text: item.text, checked: item.checked,
                dueDate: item.dueDate, isAllDay: item.isAllDay, shouldRemind: item.shouldRemind,
                created: Self.date(now), modified: Self.date(now))
            try db.prepare(
                """
                INSERT INTO items(id, list_id, text, checked, due, remind, uid, created, modified, aad, all_day)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
                """
            )
            .bind(
                .int(id), .int(listID), .blob(seal(item.text, .itemText(stored.uid))), .int(item.checked ? 1 : 0),
                stored.dueDate.map { .int(Self.seconds($0)) } ?? .null,
                .int(item.shouldRemind ? 1 : 0), .text(stored.uid), .int(now), .int(now),
                .int(stored.isAllDay ? 1 : 0)
            ).run()
            return stored
        }

        func value(_ key: String) throws -> String? {
            let stmt = try db.prepare("SELECT value FROM settings WHERE key = ?")
            try stmt.bind(.text(key))
            defer { stmt.reset() }
            return try stmt.step() && !stmt.isNull(0) ? stmt.text(0) : nil
        }

        func setValue(_ key: String, _ value: SQLValue) throws {
            if case .null = value {
                try db.prepare("DELETE FROM settings WHERE key = ?").bind(.text(key)).run()
            } else {
                try db.prepare("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)").bind(.text(key), value)
                    .run()
            }
        }

        func integer(_ key: SettingKey) throws -> Int64 {
            try value(key.rawValue).flatMap { Int64($0) } ?? key.defaultValue
        }

        /// The setting brought within the values it may take (`SettingKey.allowedValues`): a store
        /// edited by hand can hold anything.
        func boundedInteger(_ key: SettingKey) throws -> Int64 {
            let value = try integer(key)
            guard let allowed = key.allowedValues else { return value }
            return min(max(value, allowed.lowerBound), allowed.upperBound)
        }

        func setInteger(_ key: SettingKey, _ value: Int64) throws {
            try setValue(key.rawValue, .int(value))
        }
    }
}
