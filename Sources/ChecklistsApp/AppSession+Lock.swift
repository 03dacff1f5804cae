import ChecklistsKit
import Foundation
import LocalAuthentication
import Localization
import Sodium

/// The app lock: turning it on and off (the key-custody switch), locking now, its times.
extension AppSession {
    /// What `enableLock` did.
    public enum LockChange: Sendable, Equatable {
        /// The lock already used that method (nothing changed).
        case unchanged(LockMethod)
        /// The lock uses `method` now; `keyBesideVault` warns that the file vault's key sits
        /// beside it on disk (only the passcode method protects data at rest there).
        case changed(LockMethod, keyBesideVault: Bool)
    }

    /// The method `enableLock` uses when none is named: fingerprint when a reader has a finger
    /// enrolled, else the password.
    public func defaultLockMethod() -> LockMethod {
        if case .ready = authentication.biometrics?.status() ?? .notEnrolled { return .fingerprint }
        return .password
    }

    /// Turns the app lock on with `method` (or switches method): proves the new method works,
    /// seals the data key for it, flips the setting, then clears the old custody. A crash at
    /// any point leaves a custody that opens the data. The passcode method asks to choose a
    /// passcode when none is set, after the current method's authentication.
    /// - Throws: `LAError` when authentication fails; nothing changes then.
    public func enableLock(_ method: LockMethod) throws -> LockChange {
        try serialized { try noticingKeyChange { try enableLockNow(method) } }
    }

    private func enableLockNow(_ method: LockMethod) throws -> LockChange {
        let settings = lockSettings
        guard settings.method != method else { return .unchanged(method) }
        guard method != .off else { throw AppSessionError.rejected("use 'checklists lock disable'") }
        let reason = tr("Authenticate to turn the app lock on.")
        // A new home gets its store and data key first (the lock is off, so nothing is asked).
        if settings.method == .off { _ = try store() }
        let lock = try appLock()
        // 1. The data key from the current custody. With the lock on, this is the current
        //    method's authentication, and it comes before a passcode is chosen: the password
        //    and fingerprint methods take the app passcode as the owner's password once one
        //    is set, so a passcode chosen first would answer for the account password.
        let key: SecureBytes
        if let cached = lock.cache?.load() {
            key = cached
        } else if settings.method == .off {
            guard let current = try keyProvider().loadKey() else {
                throw AppSessionError.storage(tr("The data key is missing; nothing was changed."))
            }
            key = current
        } else {
            key = try lock.unlock(settings.method, reason: reason, opening: keyOpens)
        }
        // 2. Prove the new method works; nothing changes if this fails.
        var passcode: [UInt8]?
        var evaluated: LAContext?
        var chosen = false
        defer { if passcode != nil { Sodium.wipe(&passcode!) } }
        if method == .passcode {
            guard let verifier = authentication.passcode else { throw LAError(.passcodeNotSet) }
            if verifier.isSet {
                passcode = try currentPasscode(
                    label: tr("Checklists passcode"), attempts: authentication.passwordAttempts)
            } else {
                // Kept once the switch holds the store's lock (below): a switch another
                // process finished meanwhile keeps its own passcode.
                passcode = try choosePasscode(intro: tr("Choose a passcode for Checklists."))
                chosen = true
            }
        } else {
            evaluated = try lock.evaluate(method, reason: reason)
        }
        let store = try store(key: key)
        // 3. The secret and the user's keychain items are sealed into the store: copied
        //    before the flip, removed from the keychain after it.
        try SecretMessage.copyIntoStore(store, from: lock.keychain)
        try UserKeychainItems.copyIntoStore(store, from: lock.keychain, replacing: settings.method == .off)
        // 4. A new data key sealed for the new method; the store re-sealed under it and the
        //    setting flipped in one transaction (see `AppLock.rekey`); then the old custody
        //    cleared, so no copy of the old key opens the data any more.
        try switchingKey(of: store) {
            if chosen, let passcode { try authentication.passcode?.set(passcode) }
            let newKey = try lock.rekey(
                store, for: method, passcode: passcode, context: evaluated, settings: ["AppLock": method.rawValue])
            try SecretMessage.moveIntoStore(store, from: lock.keychain)
            try UserKeychainItems.moveIntoStore(store, from: lock.keychain)
            lock.finishSwitch(to: method, key: key)
            lock.cache?.store(newKey, for: reuseSeconds(of: store))
        }
        return .changed(method, keyBesideVault: method != .passcode && lock.keychain.backend.name == "file vault")
    }

    /// Turns the app lock off (after the lock's own authentication): the secret and the user's
    /// keychain items are back in the keychain before the setting flips, and a new plain data
    /// key with it (`AppLock.rekey`), so a crash leaves a working custody and loses no item.
    /// - Returns: The name of the keychain that holds the data key now, or nil when the lock
    ///   was already off.
    public func disableLock() throws -> String? {
        try serialized { try noticingKeyChange { try disableLockNow() } }
    }

    private func disableLockNow() throws -> String? {
        let settings = lockSettings
        guard settings.method != .off else { return nil }
        let lock = try appLock()
        let key = try lock.unlock(
            settings.method, reason: tr("Authenticate to turn the app lock off."), opening: keyOpens)
        let store = try store(key: key)
        try SecretMessage.copyToKeychain(from: store, lock.keychain)
        // A keychain copy left over is the newer (see `UserKeychainItems.copyIntoStore`).
        try UserKeychainItems.copyIntoStore(store, from: lock.keychain)
        try UserKeychainItems.copyToKeychain(from: store, lock.keychain)
        // A new data key, plain in the keychain; the store re-sealed under it and the
        // setting flipped in one transaction, so a seal of the old key (a backup of the
        // passcode's) opens nothing.
        try switchingKey(of: store) {
            _ = try lock.rekey(store, for: .off, passcode: nil, context: nil, settings: ["AppLock": "off"])
            lock.finishSwitch(to: .off, key: key)
            try SecretMessage.forgetSealed(in: store)
            try UserKeychainItems.forgetSealed(in: store)
        }
        lock.cache?.drop()
        return lock.keychain.backend.name
    }

    /// Whether `key` opens this home's store (its key check).
    func keyOpens(_ key: SecureBytes) -> Bool {
        ChecklistStore.keyOpens(key, directory: home)
    }

    /// Saves how long an unlock lasts and the terminal UI's idle timeout (after unlocking),
    /// sealed under the data key (`LockTimes`).
    public func saveLockTimes(reuseSeconds: Int?, idleMinutes: Int?) throws -> LockSettings {
        try serialized {
            let store = try store(reason: tr("Authenticate to change the app lock."))
            var settings = try store.lockSettings().settings
            if let reuseSeconds { settings.reuseSeconds = reuseSeconds }
            if let idleMinutes { settings.idleMinutes = idleMinutes }
            settings = LockSettings(
                method: settings.method, reuseSeconds: settings.reuseSeconds, idleMinutes: settings.idleMinutes)
            try store.saveLockTimes(settings)
            heldLockSettings.withLock { $0 = settings }
            return settings
        }
    }

    /// Makes the lock's sealed times the ones that hold in `store` just opened (`LockTimes`):
    /// plain rows edited behind the app's back are put back, and when the seal itself was
    /// removed the user hears that the strictest times hold now.
    func settleLockTimes(of store: ChecklistStore) {
        if (try? store.settleLockTimes()) == .replaced, let held = try? store.lockSettings().settings {
            configuration.notice(
                tr(
                    "The app lock's times were changed outside Checklists: unlocks last %d s and the app locks after %d min idle until you set them again (checklists lock set).",
                    held.reuseSeconds, held.idleMinutes))
        }
        heldLockSettings.withLock { $0 = nil }  // read when first asked (`lockSettings`)
    }

    /// How long an unlock of `store` lasts (the sealed reuse window).
    func reuseSeconds(of store: ChecklistStore) -> TimeInterval {
        TimeInterval((try? store.lockSettings().settings.reuseSeconds) ?? LockSettings.reuseRange.lowerBound)
    }

    /// Runs a change of the data key (`AppLock.rekey`) and the steps that finish it holding the
    /// store's lock file, so that two processes' switches never interleave: one's clearing of
    /// the old custody would remove the other's new one, and a recovery could find the pending
    /// items of another switch. A switch that waited finds the store re-sealed by the other and
    /// stops before changing anything.
    /// Used inside `noticingKeyChange`, which passes the body's errors on as they are.
    /// - Throws: `StoreError.keyChanged` when another process changed the key since this one
    ///   opened the store.
    func switchingKey<T>(of store: ChecklistStore, _ body: () throws -> T) throws -> T {
        try ChecklistStore.holdingLock(directory: store.directory) {
            guard store.holdsCurrentKey() else { throw StoreError.keyChanged }
            do {
                return try body()
            } catch {
                throw SwitchFailure(error: error)
            }
        }
    }

    /// Runs `change` (of the lock, in `serialized`). When it fails and another process changed
    /// the data key meanwhile (the key check of a store that was there changed since `change`
    /// began, not by this process's own switch), that is the
    /// cause reported (`StoreError.keyChanged`), not what it made of it here: a key that does
    /// not open the store, a current passcode whose seal was replaced.
    func noticingKeyChange<T>(_ change: () throws -> T) throws -> T {
        let before = ChecklistStore.keyCheck(directory: home)
        do {
            return try change()
        } catch let failure as SwitchFailure {
            throw failure.error  // this process's own switch had begun: its error stands
        } catch  where before != nil && ChecklistStore.keyCheck(directory: home) != before {
            throw StoreError.keyChanged
        }
    }

    /// An error from inside `switchingKey` (this process's switch), passed through
    /// `noticingKeyChange` as it is.
    struct SwitchFailure: Error {
        let error: any Error
    }
}
