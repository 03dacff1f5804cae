import ChecklistsKit
import Foundation
import Keychain
import Localization

/// Reading and writing one keychain item by name (`keychain keys|get|set|remove`): the data key
/// and the lock's items are refused, the secret message goes through its own check, and every
/// other item needs an unlocked session when the app lock is on — it is sealed in the store
/// then (`UserKeychainItems`), and a copy left in the keychain is swept in first.
extension AppSession {
    /// The names of Checklists' keychain items: those in the keychain backend and, with the app
    /// lock on, those sealed in the store (names sealed too: listing them unlocks when the store
    /// holds any).
    /// - Throws: `.locked` / `LAError` when sealed items are there and the session cannot unlock.
    public func keychainItemNames() throws -> [String] {
        try serialized {
            var names = try keychainChoice().backend.keys(service: KeychainWrapper.defaultServiceName)
            if lockSettings.method != .off, ChecklistStore.peekSealedKeychainItemCount(directory: home) > 0 {
                let store = try store(reason: tr("Unlock Checklists to list its keychain items."))
                names.formUnion(try store.sealedKeychainItemNames())
            }
            return names.sorted()
        }
    }

    /// The value of the item `key`; nil when there is none.
    /// - Throws: `AppSessionError.refused` for the data key; `.locked` / `LAError` when the
    ///   session (or the secret's check) cannot be unlocked.
    public func keychainItem(_ key: String) throws -> String? {
        guard !AppSession.isCustody(key) else { throw AppSessionError.refused(tr("The data key is never shown.")) }
        if key == SecretMessage.key { return try openSecret().storedText() }
        return try serialized {
            let keychain = try keychain()
            let record: KeychainRecord?
            if let store = try sealingStore(keychain) {
                record = try store.sealedKeychainItem(key)
            } else {
                record = try keychain.backend.read(service: keychain.serviceName, key: key)
            }
            return try record.map { String(decoding: try keychain.value(of: $0, context: nil), as: UTF8.self) }
        }
    }

    /// Stores `value` (read only once the session may write; one trailing newline dropped)
    /// under `key`.
    /// - Throws: `AppSessionError.refused` for the data key; `.locked` / `LAError`; what
    ///   `value` throws (nothing is stored then).
    public func setKeychainItem(_ key: String, value: () throws -> Data) throws {
        guard !AppSession.isCustody(key) else { throw AppSessionError.refused(tr("The data key cannot be replaced.")) }
        if key == SecretMessage.key {
            let message = try openSecret()
            return try message.replace(with: String(decoding: try Self.trimmed(value()), as: UTF8.self))
        }
        try serialized {
            let keychain = try keychain()
            let store = try sealingStore(keychain)
            let data = try Self.trimmed(value())
            if let store {
                try store.setSealedKeychainItem(key, KeychainRecord(data: data))
            } else {
                try keychain.store(data, forKey: key)
            }
        }
    }

    /// Removes the item `key`; false when there was none.
    /// - Throws: `AppSessionError.refused` for the data key and the lock's items; `.locked` /
    ///   `LAError`.
    public func removeKeychainItem(_ key: String) throws -> Bool {
        // Only the custody items themselves: "Lockbox" or "DataKeyboard" are the user's own.
        if AppSession.isCustody(key) {
            guard key != KeyItems.dataKey && !key.hasPrefix(KeyItems.dataKey + ".") else {
                throw AppSessionError.refused(tr("DataKey unlocks your lists; removing it would make them unreadable."))
            }
            throw AppSessionError.refused(tr("%@ belongs to the app lock; use 'checklists lock disable'.", key))
        }
        if key == SecretMessage.key { return try openSecret().clear() }
        return try serialized {
            let keychain = try keychain()
            guard let store = try sealingStore(keychain) else {
                return try keychain.backend.delete(service: keychain.serviceName, key: key)
            }
            let had = try store.sealedKeychainItem(key) != nil
            try store.setSealedKeychainItem(key, nil)
            return had
        }
    }
}

// MARK: - Helpers

extension AppSession {
    /// Opens the store (unlocking when the lock is on). With the lock on, sweeps the user items
    /// left in `keychain` into it (a crash while the lock was turned on or off, or seed-style
    /// code writing past the app) and returns it: the items live there. Nil with the lock off.
    private func sealingStore(_ keychain: KeychainWrapper) throws -> ChecklistStore? {
        let store = try store()
        guard lockSettings.method != .off else { return nil }
        try UserKeychainItems.moveIntoStore(store, from: keychain)
        return store
    }

    /// `data` without one trailing newline.
    private static func trimmed(_ data: Data) -> Data {
        data.last == 10 ? Data(data.dropLast()) : data
    }
}
