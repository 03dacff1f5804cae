import Foundation
import Keychain
import PrivateFiles
import Sodium

/// Keeps the data key in the keychain (item "DataKey", accessibility afterFirstUnlock), and
/// moves a key file left by earlier versions into it.
public struct KeychainKeyProvider: KeyProvider {
    /// The keychain item holding the data key.
    public static let itemKey = "DataKey"

    public let keychain: KeychainWrapper
    /// A key file from before the keychain held the key; migrated and removed.
    public let legacyKeyFile: String?

    /// Why this keychain was chosen, for error messages.
    public let reason: String?

    public init(keychain: KeychainWrapper, legacyKeyFile: String? = nil, reason: String? = nil) {
        self.keychain = keychain
        self.legacyKeyFile = legacyKeyFile
        self.reason = reason
    }

    public var location: String {
        "item \(Self.itemKey) in the \(keychain.backend.name)" + (reason.map { ": \($0)" } ?? "")
    }

    public func loadKey() throws -> SecureBytes? {
        if var bytes = try keychain.read(forKey: Self.itemKey, context: nil).map(Array.init) {
            guard bytes.count == SecretBox.keyLength else {
                Sodium.wipe(&bytes)
                throw StoreError.missingKey(path: location)
            }
            return try SecureBytes(consuming: &bytes)
        }
        return try migrateKeyFile()
    }

    public func createKey() throws -> SecureBytes {
        let key = try SecureBytes(randomCount: SecretBox.keyLength)
        try save(key)
        return key
    }

    /// Moves the legacy key file into the keychain: store, read back, compare, then delete the
    /// file — so that a crash at any point leaves the key in at least one place.
    private func migrateKeyFile() throws -> SecureBytes? {
        guard let legacyKeyFile else { return nil }
        let read: [UInt8]?
        do { read = try SecureFile.read(legacyKeyFile) } catch let error as FileError { throw StoreError(error) }
        guard var bytes = read, bytes.count == SecretBox.keyLength else { return nil }
        let key = try SecureBytes(consuming: &bytes)
        try save(key)
        do { try SecureFile.remove(legacyKeyFile) } catch let error as FileError { throw StoreError(error) }
        return key
    }

    private func save(_ key: SecureBytes) throws {
        var bytes = key.copyBytes()
        defer { Sodium.wipe(&bytes) }
        try keychain.store(Data(bytes), forKey: Self.itemKey, accessibility: .afterFirstUnlockThisDeviceOnly)
        var check = try keychain.read(forKey: Self.itemKey, context: nil).map(Array.init) ?? []
        defer { Sodium.wipe(&check) }
        guard Sodium.constantTimeEqual(check, bytes) else {
            throw KeychainError.backend("the keychain did not keep the data key")
        }
    }
}
