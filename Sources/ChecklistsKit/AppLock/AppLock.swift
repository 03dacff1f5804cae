import Foundation
import Keychain
import LocalAuthentication
import Localization
import Sodium

/// The app lock's custody of the data key.
///
/// Lock off: the data key is the keychain item "DataKey". Lock on: "DataKey" is gone and the
/// data key exists only sealed — under an Argon2id key from the passcode ("LockWrap.passcode"),
/// or under a random key-encryption key ("LockWrap.kek") whose copies sit in the keychain behind
/// access control: "LockKEK.password" (password only) and, for the fingerprint method,
/// "LockKEK.fingerprint" (bound to the enrolled fingers). Every item name carries the store's
/// identity (`KeyItems`), so stores sharing a keychain never touch each other's items.
public struct AppLock: Sendable {
    public let keychain: KeychainWrapper
    public let environment: LAEnvironment
    public let cache: (any UnlockedKeyCache)?
    public let passcodeCost: PasswordHash
    /// This store's item names.
    public let items: KeyItems
    /// The other backend, where the sealed key may still be (read only when it is not here).
    public let fallback: @Sendable () -> KeychainWrapper?

    static let passcodeWrapItem = KeyItems.passcodeWrap
    static let kekWrapItem = KeyItems.kekWrap
    static let passwordKEKItem = KeyItems.passwordKEK
    static let fingerprintKEKItem = KeyItems.fingerprintKEK
    static let lockItems = [passcodeWrapItem, kekWrapItem, passwordKEKItem, fingerprintKEKItem]

    public init(
        keychain: KeychainWrapper, environment: LAEnvironment, cache: (any UnlockedKeyCache)?,
        passcodeCost: PasswordHash = .interactive, items: KeyItems = KeyItems(storeID: nil),
        fallback: @escaping @Sendable () -> KeychainWrapper? = { nil }
    ) {
        self.keychain = keychain
        self.environment = environment
        self.cache = cache
        self.passcodeCost = passcodeCost
        self.items = items
        self.fallback = fallback
    }

    // MARK: - Unlocking

    /// Authenticates with `method` and returns the data key.
    /// - Throws: `LAError` when authentication fails or is cancelled; `KeychainError` when the
    ///   sealed key cannot be read.
    /// - Parameter opens: Whether a key opens the store. A key that does not is refused, and the
    ///   pending items of a switch stopped after the store was re-sealed (`rekey`) are tried.
    public func unlock(
        _ method: LockMethod, reason: String, opening opens: (SecureBytes) -> Bool = { _ in true }
    ) throws -> SecureBytes {
        switch method {
        case .off: throw LAError(.invalidContext, tr("The app lock is off."))
        case .passcode: return try unlockWithPasscode(reason: reason, opens)
        case .password: return try unlockWithKEK(biometrics: false, reason: reason, opens)
        case .fingerprint: return try unlockWithKEK(biometrics: true, reason: reason, opens)
        }
    }

    /// Evaluates for `method` (fingerprint with password fallback, or the password alone)
    /// and returns the context; the passcode method is checked by `checkPasscode`. The password
    /// is the device-owner password: the app passcode when one is set, else the account password.
    public func evaluate(_ method: LockMethod, reason: String) throws(LAError) -> LAContext {
        var env = environment
        if method != .fingerprint { env.biometrics = nil }
        let context = LAContext(environment: env)
        try context.evaluateNow(.deviceOwnerAuthentication, localizedReason: reason)
        return context
    }

    private func unlockWithKEK(biometrics: Bool, reason: String, _ opens: (SecureBytes) -> Bool) throws
        -> SecureBytes
    {
        let pending = pendingItem(Self.kekWrapItem)
        let home = try found(Self.kekWrapItem)
        guard home != nil || pending != nil else { throw missing(Self.kekWrapItem) }
        var context = try evaluate(biometrics ? .fingerprint : .password, reason: reason)
        if let (custody, wrap) = home {
            do {
                let key = try openKEKWrap(wrap, in: custody, context: &context, reason: reason)
                if opens(key) || pending == nil {
                    if !custody.isHome {
                        try adopt(from: custody, [Self.kekWrapItem, Self.passwordKEKItem, Self.fingerprintKEKItem])
                    }
                    return key
                }
            } catch let error where pending != nil && !(error is LAError) {
                // A switch stopped while installing its items: the pending ones decide.
            }
        }
        guard let pending else { throw missing(Self.kekWrapItem) }
        return try unlockPendingKEK(pending, context: context, opens)
    }

    /// Opens `wrap` with the KEK in `custody` that `context` releases (the password's copy when
    /// the enrolled fingers changed; `context` is then the password's).
    private func openKEKWrap(_ wrap: Data, in custody: Custody, context: inout LAContext, reason: String) throws
        -> SecureBytes
    {
        let item = context.lastSuccess?.biometric == true ? Self.fingerprintKEKItem : Self.passwordKEKItem
        var kek: Data?
        let result = Result { [context] () throws(KeychainError) -> Data? in try custody.read(item, context: context) }
        switch result {
        case .success(let data):
            kek = data
        case .failure(let error) where error == .biometryChanged:
            // The enrolled fingers changed: the fingerprint copy is void, the password decides.
            var what = "password"
            if case .passcode? = environment.ownerPasswordMethod { what = "passcode" }
            environment.presenter.notify("Your enrolled fingerprints changed: enter your \(what) to unlock.")
            context = try evaluate(.password, reason: reason)
            kek = try custody.read(Self.passwordKEKItem, context: context)
        case .failure(let error):
            throw error
        }
        guard var kekBytes = kek.map(Array.init) else {
            throw KeychainError.backend("the key-encryption key is missing from the \(custody.keychain.backend.name)")
        }
        defer { Sodium.wipe(&kekBytes) }
        return try KeyWrap(bytes: Array(wrap)).open(kek: try SecureBytes(consuming: &kekBytes))
    }

    /// Opens the pending KEK wrap of a stopped switch with the pending KEK that `context`
    /// releases, and finishes the switch when its key opens the store.
    private func unlockPendingKEK(_ wrap: Data, context: LAContext, _ opens: (SecureBytes) -> Bool) throws
        -> SecureBytes
    {
        let item = context.lastSuccess?.biometric == true ? Self.fingerprintKEKItem : Self.passwordKEKItem
        guard var kekBytes = pendingItem(item, context: context).map(Array.init) else {
            throw KeychainError.backend("the pending key-encryption key is missing from the \(keychain.backend.name)")
        }
        defer { Sodium.wipe(&kekBytes) }
        let key = try KeyWrap(bytes: Array(wrap)).open(kek: try SecureBytes(consuming: &kekBytes))
        guard opens(key) else { throw StoreError.wrongKey }
        try installPending(pendingMethod(biometric: context.lastSuccess?.biometric == true))
        return key
    }

    /// The KEK method whose pending items are there.
    private func pendingMethod(biometric: Bool) -> LockMethod {
        biometric || pendingItem(Self.fingerprintKEKItem) != nil ? .fingerprint : .password
    }

    /// Asks for the passcode and opens the passcode wrap with it: one Argon2id run per try,
    /// with the same persisted back-off as every password. Only the wrap decides: a passcode
    /// is right exactly when it opens the sealed key.
    private func unlockWithPasscode(reason: String, _ opens: (SecureBytes) -> Bool) throws -> SecureBytes {
        let found = try found(Self.passcodeWrapItem)
        let pending = pendingItem(Self.passcodeWrapItem)
        guard found != nil || pending != nil else { throw missing(Self.passcodeWrapItem) }
        var notice: String?
        for _ in 0..<environment.passwordAttempts {
            let opened = try askPasscode(reason: reason, notice: notice) {
                openPasscodeWrap(found?.data, pending: pending, passcode: $0, opens)
            }
            if let (key, fromPending) = opened {
                if fromPending {
                    try installPending(.passcode)
                } else if let custody = found?.custody, !custody.isHome {
                    try adopt(from: custody, [Self.passcodeWrapItem])
                }
                return key
            }
            notice = "Wrong passcode, try again."
        }
        throw LAError(.authenticationFailed, tr("Wrong passcode."))
    }

    /// The key that `passcode` opens and that opens the store: from the current wrap, else from
    /// the pending one of a stopped switch (`fromPending`). Without a pending wrap, the current
    /// wrap's key even when it does not open the store (which then says so, as before a switch
    /// could stop); nil when `passcode` opens neither.
    func openPasscodeWrap(_ current: Data?, pending: Data?, passcode: [UInt8], _ opens: (SecureBytes) -> Bool)
        -> (key: SecureBytes, fromPending: Bool)?
    {
        let currentKey = current.flatMap { try? KeyWrap(bytes: Array($0)).open(passcode: passcode) }
        if let currentKey, opens(currentKey) || pending == nil { return (currentKey, false) }
        if let pending, let key = try? KeyWrap(bytes: Array(pending)).open(passcode: passcode), opens(key) {
            return (key, true)
        }
        return nil
    }

    /// Asks once for the passcode (after checking the back-off) and tries it with `check`.
    /// - Returns: `check`'s result, or nil when the passcode was wrong (recorded for back-off).
    public func askPasscode<R>(reason: String, notice: String? = nil, _ check: ([UInt8]) throws -> R?) throws -> R? {
        guard environment.presenter.canPrompt else { throw LAError(.notInteractive) }
        return try environment.state.attempt(
            now: environment.now(),
            answer: {
                environment.presenter.askPassword(
                    PasswordPrompt(reason: reason, label: "Checklists passcode", notice: notice))
            }, check: check)
    }

    // MARK: - Sealing

    /// Seals `dataKey` for `method` and stores the result durably. Nothing that opened the key
    /// before is removed here (see `finishSwitch`), so a crash leaves a working custody.
    /// - Parameters:
    ///   - passcode: For the passcode method, the passcode.
    ///   - context: For the fingerprint method, a context that knows the enrolled fingers.
    public func seal(_ dataKey: SecureBytes, for method: LockMethod, passcode: [UInt8]?, context: LAContext?) throws {
        switch method {
        case .off:
            var bytes = dataKey.copyBytes()
            defer { Sodium.wipe(&bytes) }
            try keychain.store(
                Data(bytes), forKey: items.name(KeyItems.dataKey), accessibility: .afterFirstUnlockThisDeviceOnly)
        case .passcode:
            guard let passcode else { throw LAError(.passcodeNotSet) }
            let wrap = try KeyWrap.sealed(dataKey, passcode: passcode, cost: passcodeCost)
            try keychain.store(
                Data(wrap.bytes), forKey: items.name(Self.passcodeWrapItem),
                accessibility: .afterFirstUnlockThisDeviceOnly)
        case .password, .fingerprint:
            let kek = try SecureBytes(randomCount: SecretBox.keyLength)
            var kekBytes = kek.copyBytes()
            defer { Sodium.wipe(&kekBytes) }
            try keychain.store(
                Data(kekBytes), forKey: items.name(Self.passwordKEKItem),
                accessibility: .afterFirstUnlockThisDeviceOnly,
                accessControl: .devicePasscode)
            if method == .fingerprint {
                try keychain.store(
                    Data(kekBytes), forKey: items.name(Self.fingerprintKEKItem),
                    accessibility: .afterFirstUnlockThisDeviceOnly,
                    accessControl: .biometryCurrentSet, context: context)
            }
            let wrap = try KeyWrap.sealed(dataKey, kek: kek)
            try keychain.store(
                Data(wrap.bytes), forKey: items.name(Self.kekWrapItem), accessibility: .afterFirstUnlockThisDeviceOnly)
        }
    }

    /// The data key that `passcode` opens (finishing a stopped switch when it is the pending one).
    /// - Parameter opens: Whether a key opens the store.
    /// - Throws: `LAError.authenticationFailed` when `passcode` opens no seal of a key that opens it.
    public func passcodeKey(_ passcode: [UInt8], opening opens: (SecureBytes) -> Bool = { _ in true }) throws
        -> SecureBytes
    {
        guard
            let (key, fromPending) = openPasscodeWrap(
                try found(Self.passcodeWrapItem)?.data, pending: pendingItem(Self.passcodeWrapItem),
                passcode: passcode, opens)
        else { throw LAError(.authenticationFailed, tr("The current passcode does not open the app lock.")) }
        if fromPending { try installPending(.passcode) }
        return key
    }
}

/// The data key behind the app lock: from the session cache when the reuse window covers it,
/// else after an authentication (which then fills the cache).
public struct LockedKeyProvider: KeyProvider {
    public let lock: AppLock
    public let settings: LockSettings
    public let reason: String
    /// The store's settings read without the key (`ChecklistStore.peekSettings`): the reuse
    /// window that holds is the one sealed under the key unlocked (`LockTimes`).
    let stored: [String: String]

    public init(lock: AppLock, settings stored: [String: String], reason: String = "Unlock Checklists.") {
        self.lock = lock
        self.settings = LockSettings(settings: stored)
        self.stored = stored
        self.reason = reason
    }

    public var location: String { "the app lock (\(settings.method.rawValue))" }

    public func loadKey() throws -> SecureBytes? {
        try loadKey { _ in true }
    }

    /// The cached key when it opens the store, else the unlocked one (which finishes a switch
    /// stopped after the store was re-sealed under a new key).
    public func loadKey(opening opens: (SecureBytes) -> Bool) throws -> SecureBytes? {
        if let cached = lock.cache?.load(), opens(cached) { return cached }
        let key = try lock.unlock(settings.method, reason: reason, opening: opens)
        lock.cache?.store(key, for: TimeInterval(LockTimes.resolve(settings: stored, key: key).settings.reuseSeconds))
        // A crash while the lock was being turned on may have left the plain key behind.
        lock.finishSwitch(to: settings.method, key: key)
        return key
    }

    public func createKey() throws -> SecureBytes {
        throw StoreError.missingKey(path: location)
    }
}
