import Foundation
import Keychain
import SQLiteKit
import Sodium

extension ChecklistStore {
    /// Settings rows named this plus a random row name hold the user's keychain items while the
    /// app lock is on: each item's name and record (value, accessibility, access control) sealed
    /// together under the data key and bound to the row, so a copy of the disk shows how many
    /// items there are and nothing else. Rows written before names were sealed are named by the
    /// item (`KeychainItem.token`, the record alone sealed); they are read as they are and
    /// rewritten sealed at the next write of any item.
    static let keychainItemPrefix = "KeychainItem."
    /// The first name past every sealed item's row: the prefix with its dot raised by one, so
    /// the primary key's index finds the rows between the two.
    private static let keychainItemEnd = "KeychainItem/"

    /// What one row seals: the item's name and its record.
    private struct SealedItem: Codable {
        var name: String
        var record: KeychainRecord
    }

    /// One row's item, opened.
    private struct Row {
        var key: String
        var name: String
        var record: KeychainRecord
        /// A row named by its item, from before names were sealed.
        var isNamedRow: Bool
    }

    /// The keychain item `key` sealed in this store, or nil when there is none.
    /// - Throws: `StoreError.undecryptable` when it is not found and a row does not open (a
    ///   damaged row, or one moved from another row, may be it).
    public func sealedKeychainItem(_ key: String) throws -> KeychainRecord? {
        try read { s in
            let (rows, failed) = try Self.sealedRows(s)
            if let row = rows.first(where: { $0.name == key }) { return row.record }
            if failed { throw StoreError.undecryptable(table: "settings", id: 0) }
            return nil
        }
    }

    /// Seals `record` as the keychain item `key`, or with nil removes it. Rows named by their
    /// item (from before names were sealed) are rewritten sealed in the same transaction.
    public func setSealedKeychainItem(_ key: String, _ record: KeychainRecord?) throws {
        try write { s in
            let (rows, _) = try Self.sealedRows(s)
            for row in rows where row.name == key || row.isNamedRow {
                try s.setValue(row.key, .null)
                if row.name != key { try Self.insert(SealedItem(name: row.name, record: row.record), s) }
            }
            if let record { try Self.insert(SealedItem(name: key, record: record), s) }
        }
    }

    /// Removes every sealed keychain item in one transaction (after the lock is off and the
    /// keychain has them).
    public func forgetSealedKeychainItems() throws {
        try write { s in
            try s.db.prepare("DELETE FROM settings WHERE key >= ? AND key < ?")
                .bind(.text(Self.keychainItemPrefix), .text(Self.keychainItemEnd)).run()
        }
    }

    /// The names of the keychain items sealed in this store, sorted.
    /// - Throws: `StoreError.undecryptable` when a row does not open (the list would be short).
    public func sealedKeychainItemNames() throws -> [String] {
        try read { s in
            let (rows, failed) = try Self.sealedRows(s)
            if failed { throw StoreError.undecryptable(table: "settings", id: 0) }
            return Set(rows.map(\.name)).sorted()
        }
    }

    /// How many keychain items the store in `directory` holds sealed, read without the data key
    /// (their names are sealed); 0 when there is no database.
    public static func peekSealedKeychainItemCount(directory: String) -> Int {
        let count = peek(directory: directory) { db -> Int in
            let stmt = try db.prepare(
                "SELECT count(*) FROM settings WHERE key >= ? AND key < ? AND typeof(value) = 'blob'")
            try stmt.bind(.text(keychainItemPrefix), .text(keychainItemEnd))
            defer { stmt.reset() }
            return try stmt.step() ? Int(stmt.int64(0)) : 0
        }
        return count ?? 0
    }

    /// The associated data that binds a sealed item to its row (`key` is the row's name past
    /// the prefix).
    static func keychainItemData(_ key: String) -> [UInt8] {
        Array("settings.\(keychainItemPrefix)\(key)".utf8)
    }

    /// Every sealed item's row, opened, and whether a row did not open.
    private static func sealedRows(_ s: State) throws -> (rows: [Row], failed: Bool) {
        let stmt = try s.db.prepare(
            "SELECT key, value FROM settings WHERE key >= ? AND key < ? AND typeof(value) = 'blob' ORDER BY key")
        try stmt.bind(.text(keychainItemPrefix), .text(keychainItemEnd))
        defer { stmt.reset() }
        var rows: [Row] = []
        var failed = false
        while try stmt.step() {
            let key = stmt.text(0)
            let suffix = String(key.dropFirst(keychainItemPrefix.count))
            guard var plain = try? s.box.open(stmt.blob(1), associatedData: keychainItemData(suffix)) else {
                failed = true
                continue
            }
            defer { Sodium.wipe(&plain) }
            if let item = try? JSONDecoder().decode(SealedItem.self, from: Data(plain)) {
                rows.append(Row(key: key, name: item.name, record: item.record, isNamedRow: false))
            } else if let record = try? JSONDecoder().decode(KeychainRecord.self, from: Data(plain)) {
                rows.append(Row(key: key, name: suffix, record: record, isNamedRow: true))
            } else {
                failed = true
            }
        }
        return (rows, failed)
    }

    /// Seals `item` into a new row with a random name.
    private static func insert(_ item: SealedItem, _ s: State) throws {
        var plain = Array(try JSONEncoder().encode(item))
        defer { Sodium.wipe(&plain) }
        let suffix = Sodium.randomBytes(16).map { String(format: "%02x", $0) }.joined()
        try s.setValue(keychainItemPrefix + suffix, .blob(s.box.seal(plain, associatedData: keychainItemData(suffix))))
    }
}
