import Foundation
import Keychain
import LocalAuthentication
import Sodium

/// A new data key for the store whenever the lock is turned on or its passcode changes, so that
/// a copy of the key taken before (the plain keychain item, an old passcode's seal) opens nothing.
///
/// The order keeps a custody of the key the store is sealed under at every step: (1) a random
/// key; (2) its custody for the target method under the pending names (`KeyItems.pending`),
/// beside the current one; (3) one transaction re-seals every value under it and flips the
/// setting; (4) the pending items become the current ones and the pending names go. A stop
/// before (3) commits leaves the old key and its custody; after, the unlock finds that the
/// current custody's key fails the store's key check and takes the pending one (then finishes 4).
extension AppLock {
    /// The custody items `method` uses.
    static func bases(of method: LockMethod) -> [String] {
        switch method {
        case .off: [KeyItems.dataKey]
        case .passcode: [passcodeWrapItem]
        case .password: [kekWrapItem, passwordKEKItem]
        case .fingerprint: [kekWrapItem, passwordKEKItem, fingerprintKEKItem]
        }
    }

    /// This lock with the pending item names.
    var pendingLock: AppLock {
        AppLock(
            keychain: keychain, environment: environment, cache: cache, passcodeCost: passcodeCost,
            items: items.pending, fallback: { nil })
    }

    /// Re-seals `store` under a new random data key whose custody is `method`'s, writing
    /// `settings` in the same transaction. The old custody items are left for `finishSwitch`.
    /// - Parameters:
    ///   - passcode: For the passcode method, the passcode.
    ///   - context: For the fingerprint method, a context that knows the enrolled fingers.
    ///   - afterStep: Called after steps 1, 2 and 3 (tests stop the switch there).
    /// - Returns: The new data key.
    public func rekey(
        _ store: ChecklistStore, for method: LockMethod, passcode: [UInt8]?, context: LAContext?,
        settings: [String: String] = [:], afterStep: (Int) throws -> Void = { _ in }
    ) throws -> SecureBytes {
        let key = try SecureBytes(randomCount: SecretBox.keyLength)
        try afterStep(1)
        removePending()
        try pendingLock.seal(key, for: method, passcode: passcode, context: context)
        let service = keychain.serviceName
        let records = try Self.bases(of: method).map { base in
            let name = items.pending.name(base)
            guard let record = try keychain.backend.read(service: service, key: name) else {
                throw KeychainError.backend("the \(keychain.backend.name) did not keep \(name)")
            }
            return (base, record)
        }
        try afterStep(2)
        try store.rekey(to: key, settings: settings)
        try afterStep(3)
        try install(records)
        removePending()
        return key
    }

    /// Writes the pending `records` under the current names, reading each back.
    func install(_ records: [(String, KeychainRecord)]) throws {
        let service = keychain.serviceName
        for (base, record) in records {
            let name = items.name(base)
            try keychain.backend.write(record, service: service, key: name)
            guard try keychain.backend.read(service: service, key: name) == record else {
                throw KeychainError.backend("the \(keychain.backend.name) did not keep \(name)")
            }
        }
    }

    /// Finishes a switch stopped after the store was re-sealed: the pending items of `method`
    /// become the current ones, then the pending names go.
    func installPending(_ method: LockMethod) throws {
        let service = keychain.serviceName
        var records: [(String, KeychainRecord)] = []
        for base in Self.bases(of: method) {
            guard let record = try keychain.backend.read(service: service, key: items.pending.name(base)) else {
                continue
            }
            records.append((base, record))
        }
        try install(records)
        removePending()
    }

    /// Removes every pending item (those present).
    func removePending() {
        let present = try? keychain.backend.keys(service: keychain.serviceName)
        for base in KeyItems.bases where present?.contains(items.pending.name(base)) ?? true {
            keychain.removeObject(forKey: items.pending.name(base))
        }
    }

    /// The pending item `base`, when a switch left one.
    func pendingItem(_ base: String, context: LAContext? = nil) -> Data? {
        (try? keychain.read(forKey: items.pending.name(base), context: context)) ?? nil
    }
}
