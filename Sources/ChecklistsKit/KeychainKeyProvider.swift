import Foundation
import Keychain
import PrivateFiles
import Sodium

/// Keeps the data key in the keychain (item "DataKey.<store id>", accessibility
/// afterFirstUnlock), finds it in the other backend or under the unnamed legacy name when it is
/// not where the setting points, and moves a key file left by earlier versions into it.
public struct KeychainKeyProvider: KeyProvider {
    /// The legacy keychain item holding the data key (see `KeyItems`).
    public static let itemKey = KeyItems.dataKey

    public let keychain: KeychainWrapper
    /// This store's item names.
    public let items: KeyItems
    /// The other backend (file vault ↔ Secret Service), looked at only when the key is not here.
    public let fallback: @Sendable () -> KeychainWrapper?
    /// A key file from before the keychain held the key; migrated and removed.
    public let legacyKeyFile: String?

    /// Why this keychain was chosen, for error messages.
    public let reason: String?

    public init(
        keychain: KeychainWrapper, items: KeyItems = KeyItems(storeID: nil),
        fallback: @escaping @Sendable () -> KeychainWrapper? = { nil }, legacyKeyFile: String? = nil,
        reason: String? = nil
    ) {
        self.keychain = keychain
        self.items = items
        self.fallback = fallback
        self.legacyKeyFile = legacyKeyFile
        self.reason = reason
    }

    public var location: String {
        "item \(items.name(Self.itemKey)) in the \(keychain.backend.name)" + (reason.map { ": \($0)" } ?? "")
            + (keychain.backend is FileVault ? "; " + Self.desktopHint : "")
    }

    /// What to do when the key is in a desktop keyring this session cannot reach.
    public static let desktopHint =
        "if this data was used in a desktop session, its key is in that session's keyring: run 'checklists keychain use file' there"

    /// This store's own item, or nil.
    public func loadKey() throws -> SecureBytes? {
        try Self.key(in: keychain, named: items.name(Self.itemKey), location: location)
    }

    /// This store's own item; else the pending one of a `lock disable` stopped after the store
    /// was re-sealed under it (see `AppLock.rekey`); else the first copy elsewhere that opens the
    /// store (the other backend, the legacy name, the legacy key file). What is found elsewhere
    /// is then copied here.
    public func loadKey(opening opens: (SecureBytes) -> Bool) throws -> SecureBytes? {
        let own = try loadKey()
        if let own, opens(own) { return own }
        let pendingName = items.pending.name(Self.itemKey)
        if let pending = try? Self.key(in: keychain, named: pendingName, location: location), opens(pending) {
            try save(pending)
            keychain.removeObject(forKey: pendingName)
            return pending
        }
        if let own { return own }
        var places: [(KeychainWrapper, String)] = []
        let other = fallback()
        if let other { places.append((other, items.name(Self.itemKey))) }
        if items.storeID != nil {
            places.append((keychain, Self.itemKey))
            if let other { places.append((other, Self.itemKey)) }
        }
        for (source, name) in places {
            guard let key = try? Self.key(in: source, named: name, location: location), opens(key) else { continue }
            try save(key)
            return key
        }
        return try migrateKeyFile(opens)
    }

    public func createKey() throws -> SecureBytes {
        let key = try SecureBytes(randomCount: SecretBox.keyLength)
        try save(key)
        return key
    }

    static func key(in keychain: KeychainWrapper, named name: String, location: String) throws -> SecureBytes? {
        guard var bytes = try keychain.read(forKey: name, context: nil).map(Array.init) else { return nil }
        guard bytes.count == SecretBox.keyLength else {
            Sodium.wipe(&bytes)
            throw StoreError.missingKey(path: location)
        }
        return try SecureBytes(consuming: &bytes)
    }

    /// Moves the legacy key file into the keychain: store, read back, compare, then delete the
    /// file — so that a crash at any point leaves the key in at least one place.
    private func migrateKeyFile(_ opens: (SecureBytes) -> Bool) throws -> SecureBytes? {
        guard let legacyKeyFile else { return nil }
        let read: [UInt8]?
        do { read = try SecureFile.read(legacyKeyFile) } catch let error as FileError { throw StoreError(error) }
        guard var bytes = read, bytes.count == SecretBox.keyLength else { return nil }
        let key = try SecureBytes(consuming: &bytes)
        guard opens(key) else { return nil }
        try save(key)
        do { try SecureFile.remove(legacyKeyFile) } catch let error as FileError { throw StoreError(error) }
        return key
    }

    /// Stores the key under this store's name and reads it back.
    func save(_ key: SecureBytes) throws {
        var bytes = key.copyBytes()
        defer { Sodium.wipe(&bytes) }
        let name = items.name(Self.itemKey)
        try keychain.store(Data(bytes), forKey: name, accessibility: .afterFirstUnlockThisDeviceOnly)
        var check = try keychain.read(forKey: name, context: nil).map(Array.init) ?? []
        defer { Sodium.wipe(&check) }
        guard Sodium.constantTimeEqual(check, bytes) else {
            throw KeychainError.backend("the keychain did not keep the data key")
        }
    }
}
