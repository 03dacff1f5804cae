import Keychain

/// The user's own keychain items (`keychain set`, or seed-style code through `KeychainWrapper`):
/// every item of the app's service except the data key's custody items (`KeyItems`, the app
/// lock's items among them) and the secret message, which has its own (`SecretMessage`).
///
/// Where they live follows the data key's custody, as the secret message does. App lock off: in
/// the keychain backend. App lock on: each sealed under the data key inside the store
/// (`ChecklistStore.sealedKeychainItem`), so reading one needs the unlocked data key, like the
/// lists. Every move copies and reads back before anything is deleted, so a crash at any step
/// leaves each item in one place at least; a keychain copy left over while the lock is on is
/// swept into the store on the next locked access (`moveIntoStore`).
public enum UserKeychainItems {
    /// Whether `key` names a user's own item.
    public static func contains(_ key: String) -> Bool {
        !KeyItems.isKeyItem(key) && key != SecretMessage.key
    }

    /// Seals the user items of `keychain` into `store` (turning the lock on, or sweeping up
    /// after a crash or a write that went past the app). Copies and reads back first; the
    /// keychain copies go only once the store has them all. Call after the lock setting is on;
    /// before that, call `copyIntoStore` alone. Costs one `keys` call when nothing is left over.
    /// - Returns: The names moved.
    @discardableResult
    public static func moveIntoStore(_ store: ChecklistStore, from keychain: KeychainWrapper) throws -> [String] {
        let moved = try copyIntoStore(store, from: keychain)
        for key in moved { _ = try keychain.backend.delete(service: keychain.serviceName, key: key) }
        return moved
    }

    /// Copies the user items of `keychain` into `store`, verified; the keychain copies stay. A
    /// keychain copy replaces a sealed one of the same name: it is the newer (written past the
    /// app while the lock was on) or the same (a move that did not finish).
    /// - Parameter replacing: Also forgets the sealed items the keychain does not have: turning
    ///   the lock on, when the keychain holds every item and a sealed copy can only be stale
    ///   (left by a `lock disable` that stopped before it cleaned up).
    /// - Returns: The names copied.
    @discardableResult
    public static func copyIntoStore(_ store: ChecklistStore, from keychain: KeychainWrapper, replacing: Bool = false)
        throws -> [String]
    {
        let service = keychain.serviceName
        let keys = try keychain.backend.keys(service: service).filter(contains).sorted()
        var copied: [String] = []
        for key in keys {
            guard let record = try keychain.backend.read(service: service, key: key) else { continue }
            try store.setSealedKeychainItem(key, record)
            guard try store.sealedKeychainItem(key) == record else {
                throw StoreError.undecryptable(table: "settings", id: 0)
            }
            copied.append(key)
        }
        if replacing {
            for key in try store.sealedKeychainItemNames() where !copied.contains(key) {
                try store.setSealedKeychainItem(key, nil)
            }
        }
        return copied
    }

    /// Copies every sealed item back to the keychain, verified (turning the lock off); the
    /// sealed copies stay until `forgetSealed`.
    /// - Throws: `KeychainError` when the keychain does not keep a copy.
    public static func copyToKeychain(from store: ChecklistStore, _ keychain: KeychainWrapper) throws {
        let service = keychain.serviceName
        for key in try store.sealedKeychainItemNames() {
            guard let record = try store.sealedKeychainItem(key) else { continue }
            try keychain.backend.write(record, service: service, key: key)
            guard try keychain.backend.read(service: service, key: key) == record else {
                throw KeychainError.backend("the \(keychain.backend.name) did not keep \(key)")
            }
        }
    }

    /// Removes the sealed copies (after the lock is off and the keychain has the items).
    public static func forgetSealed(in store: ChecklistStore) throws {
        try store.forgetSealedKeychainItems()
    }
}
