import Foundation
import Keychain
import LocalAuthentication
import Sodium

extension AppLock {
    /// Where a sealed key was found: a keychain and the item names in it.
    struct Custody {
        let keychain: KeychainWrapper
        let items: KeyItems
        /// Whether this is this store's named custody in the chosen keychain.
        let isHome: Bool

        func read(_ base: String, context: LAContext? = nil) throws(KeychainError) -> Data? {
            try keychain.read(forKey: items.name(base), context: context)
        }
    }

    /// The first place holding `base` — this store's items here, then in the other backend,
    /// then the unnamed legacy items here and there — and the item read there. One read per
    /// place: a lookup followed by a read made two (each a file vault decryption or a keyring
    /// round trip) on every unlock.
    func found(_ base: String) throws -> (custody: Custody, data: Data)? {
        let home = Custody(keychain: keychain, items: items, isHome: true)
        if let data = try home.read(base) { return (home, data) }
        var places: [Custody] = []
        let other = fallback()
        if let other { places.append(Custody(keychain: other, items: items, isHome: false)) }
        if items.storeID != nil {
            places.append(Custody(keychain: keychain, items: items.legacy, isHome: false))
            if let other { places.append(Custody(keychain: other, items: items.legacy, isHome: false)) }
        }
        for place in places {
            if let data = (try? place.read(base)) ?? nil { return (place, data) }
        }
        return nil
    }

    /// The error for a sealed key found nowhere, saying where it was looked for.
    func missing(_ base: String) -> KeychainError {
        let hint = keychain.backend is FileVault ? "; " + KeychainKeyProvider.desktopHint : ""
        return .backend(
            "the sealed data key (\(items.name(base))) is in neither the \(keychain.backend.name) nor the other keychain"
                + hint)
    }

    /// Copies sealed items found elsewhere (the other backend, legacy names) to this store's
    /// names here, reading each back; the originals stay until `finishSwitch` removes them.
    func adopt(from custody: Custody, _ bases: [String]) throws {
        let service = keychain.serviceName
        for base in bases {
            guard let record = try custody.keychain.backend.read(service: service, key: custody.items.name(base))
            else { continue }
            try keychain.backend.write(record, service: service, key: items.name(base))
            guard try keychain.backend.read(service: service, key: items.name(base)) == record else {
                throw KeychainError.backend("the \(keychain.backend.name) did not keep \(items.name(base))")
            }
        }
    }

    /// After the setting names `method`, removes every custody item `method` does not use:
    /// this store's other items here and in the other backend, and the unnamed legacy items —
    /// those in the other place only when they hold exactly `key` (so a legacy "DataKey" that
    /// another store still needs is never removed).
    ///
    /// Runs after every unlock (a crash while switching may have left items behind), so it lists
    /// each keychain's items once and removes only those present: a delete of an absent item
    /// would cost a keyring round trip each.
    public func finishSwitch(to method: LockMethod, key: SecureBytes? = nil) {
        var keep: Set<String> = []
        switch method {
        case .off: keep = [KeyItems.dataKey]
        case .passcode: keep = [Self.passcodeWrapItem]
        case .password: keep = [Self.kekWrapItem, Self.passwordKEKItem]
        case .fingerprint: keep = [Self.kekWrapItem, Self.passwordKEKItem, Self.fingerprintKEKItem]
        }
        let other = fallback()
        let places = [keychain, other].compactMap { $0 }
        // nil when a keychain cannot list its items: then every name is tried.
        let present = places.map { try? $0.backend.keys(service: $0.serviceName) }
        func remove(_ name: String, from index: Int) {
            guard present[index]?.contains(name) ?? true else { return }
            places[index].removeObject(forKey: name)
        }
        for base in KeyItems.bases {
            if !keep.contains(base) { remove(items.name(base), from: 0) }
            if other != nil { remove(items.name(base), from: 1) }
        }
        // Legacy: a plain "DataKey" goes wherever it is this store's key; sealed legacy items
        // are removed from the file vault (one per data directory) only.
        guard items.storeID != nil else { return }
        for (index, place) in places.enumerated() {
            if let key, present[index]?.contains(KeyItems.dataKey) ?? true,
                let legacy = try? place.read(forKey: KeyItems.dataKey, context: nil),
                Sodium.constantTimeEqual(Array(legacy), key.copyBytes())
            {
                place.removeObject(forKey: KeyItems.dataKey)
            }
            if place.backend is FileVault {
                for base in Self.lockItems { remove(base, from: index) }
            }
        }
    }
}
