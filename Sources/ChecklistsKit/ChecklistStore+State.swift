import Foundation
import SQLiteKit
import Sodium

extension ChecklistStore {
    /// The connection and the cipher, only touched while the store's mutex is held.
    final class State: @unchecked Sendable {
        let db: Database
        let box: SecretBox

        init(db: Database, box: SecretBox) {
            self.db = db
            self.box = box
        }

        /// What an encrypted value is bound to, so a blob copied to another row does not open.
        enum Slot {
            case listName(Int64)
            case listIcon(Int64)
            case itemText(Int64)
            case noteTitle(Int64)
            case noteBody(Int64)

            var associatedData: [UInt8] {
                switch self {
                case .listName(let id): Array("checklists.name:\(id)".utf8)
                case .listIcon(let id): Array("checklists.icon:\(id)".utf8)
                case .itemText(let id): Array("items.text:\(id)".utf8)
                case .noteTitle(let id): Array("notes.title:\(id)".utf8)
                case .noteBody(let id): Array("notes.body:\(id)".utf8)
                }
            }
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

        func checklist(from stmt: Statement) throws -> Checklist {
            let id = stmt.int64(0)
            return Checklist(
                id: id, name: try open(stmt.blob(1), .listName(id), table: "checklists", id: id),
                icon: Icon(rawValue: try open(stmt.blob(2), .listIcon(id), table: "checklists", id: id)) ?? .noIcon,
                total: Int(stmt.int64(3)), remaining: Int(stmt.int64(4)))
        }

        func checklist(id: Int64) throws -> Checklist? {
            let stmt = try db.prepare("SELECT id, name, icon, total, remaining FROM checklists WHERE id = ?")
            try stmt.bind(.int(id))
            defer { stmt.reset() }
            return try stmt.step() ? try checklist(from: stmt) : nil
        }

        /// Inserts a list; its ID (needed as associated data) exists only after the insert.
        func insertChecklist(name: String, icon: Icon) throws -> Int64 {
            try db.prepare("INSERT INTO checklists(name, icon) VALUES (x'', x'')").run()
            let id = db.lastInsertRowID
            try db.prepare("UPDATE checklists SET name = ?, icon = ? WHERE id = ?")
                .bind(.blob(seal(name, .listName(id))), .blob(seal(icon.rawValue, .listIcon(id))), .int(id)).run()
            return id
        }

        func item(from stmt: Statement) throws -> ChecklistItem {
            let id = stmt.int64(0)
            return ChecklistItem(
                id: id, listID: stmt.int64(1), text: try open(stmt.blob(2), .itemText(id), table: "items", id: id),
                checked: stmt.int64(3) != 0,
                dueDate: stmt.isNull(4) ? nil : Date(timeIntervalSince1970: TimeInterval(stmt.int64(4))),
                shouldRemind: stmt.int64(5) != 0)
        }

        func items(listID: Int64) throws -> [ChecklistItem] {
            let stmt = try db.prepare(
                "SELECT id, list_id, text, checked, due, remind FROM items WHERE list_id = ? ORDER BY id")
            try stmt.bind(.int(listID))
            var result: [ChecklistItem] = []
            while try stmt.step() { result.append(try item(from: stmt)) }
            return result
        }

        /// Like `items(listID:)`, but an item that does not decrypt is skipped and reported.
        func readableItems(listID: Int64) throws -> ([ChecklistItem], [Int64]) {
            let stmt = try db.prepare(
                "SELECT id, list_id, text, checked, due, remind FROM items WHERE list_id = ? ORDER BY id")
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
            let stmt = try db.prepare("SELECT id, list_id, text, checked, due, remind FROM items WHERE id = ?")
            try stmt.bind(.int(id))
            defer { stmt.reset() }
            return try stmt.step() ? try item(from: stmt) : nil
        }

        func insertItem(_ item: NewItem, listID: Int64) throws -> ChecklistItem {
            let id = try integer(.checklistItemID)
            try setInteger(.checklistItemID, id + 1)
            let stored = ChecklistItem(
                id: id, listID: listID, text: item.text, checked: item.checked, dueDate: item.dueDate,
                shouldRemind: item.shouldRemind)
            try db.prepare("INSERT INTO items(id, list_id, text, checked, due, remind) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(
                    .int(id), .int(listID), .blob(seal(item.text, .itemText(id))), .int(item.checked ? 1 : 0),
                    stored.dueDate.map { .int(Int64($0.timeIntervalSince1970)) } ?? .null,
                    .int(item.shouldRemind ? 1 : 0)
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

        func setInteger(_ key: SettingKey, _ value: Int64) throws {
            try setValue(key.rawValue, .int(value))
        }
    }
}
