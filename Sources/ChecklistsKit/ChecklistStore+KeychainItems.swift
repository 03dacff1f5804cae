import Foundation
import Keychain
import SQLiteKit

extension ChecklistStore {
    /// Settings rows named this plus an item's key hold the user's keychain items while the app
    /// lock is on, each sealed under the data key and bound to its name. The names stay readable
    /// (`keychain keys` lists them without unlocking); values, accessibility and access control
    /// are sealed.
    static let keychainItemPrefix = "KeychainItem."
    /// The first name past every sealed item's row: the prefix with its dot raised by one, so
    /// the primary key's index finds the rows between the two.
    private static let keychainItemEnd = "KeychainItem/"

    /// The keychain item `key` sealed in this store, or nil when there is none.
    /// - Throws: `StoreError.undecryptable` when the stored value does not open (or was moved
    ///   from another item's row).
    public func sealedKeychainItem(_ key: String) throws -> KeychainRecord? {
        guard let plain = try sealedSetting(Self.keychainItemPrefix + key, associatedData: Self.keychainItemData(key))
        else { return nil }
        guard let record = try? JSONDecoder().decode(KeychainRecord.self, from: Data(plain)) else {
            throw StoreError.undecryptable(table: "settings", id: 0)
        }
        return record
    }

    /// Seals `record` as the keychain item `key`, or with nil removes it.
    public func setSealedKeychainItem(_ key: String, _ record: KeychainRecord?) throws {
        let plain = try record.map { Array(try JSONEncoder().encode($0)) }
        try setSealedSetting(Self.keychainItemPrefix + key, plain, associatedData: Self.keychainItemData(key))
    }

    /// Removes every sealed keychain item in one transaction (after the lock is off and the
    /// keychain has them).
    public func forgetSealedKeychainItems() throws {
        try write { s in
            try s.db.prepare("DELETE FROM settings WHERE key >= ? AND key < ?")
                .bind(.text(Self.keychainItemPrefix), .text(Self.keychainItemEnd)).run()
        }
    }

    /// The names of the keychain items sealed in this store.
    public func sealedKeychainItemNames() throws -> [String] {
        try read { s in try Self.keychainItemNames(s.db) }
    }

    /// The names of the keychain items sealed in the store in `directory`, read without the data
    /// key (names are not sealed); empty when there is no database.
    public static func peekSealedKeychainItemNames(directory: String) -> [String] {
        peek(directory: directory) { try keychainItemNames($0) } ?? []
    }

    /// The associated data that binds a sealed item to its row.
    static func keychainItemData(_ key: String) -> [UInt8] {
        Array("settings.\(keychainItemPrefix)\(key)".utf8)
    }

    /// The sealed items' names.
    private static func keychainItemNames(_ db: Database) throws -> [String] {
        let stmt = try db.prepare(
            "SELECT key FROM settings WHERE key >= ? AND key < ? AND typeof(value) = 'blob' ORDER BY key")
        try stmt.bind(.text(keychainItemPrefix), .text(keychainItemEnd))
        defer { stmt.reset() }
        var names: [String] = []
        while try stmt.step() { names.append(String(stmt.text(0).dropFirst(keychainItemPrefix.count))) }
        return names
    }
}
