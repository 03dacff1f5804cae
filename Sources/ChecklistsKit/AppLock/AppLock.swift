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
    public func unlock(_ method: LockMethod, reason: String) throws -> SecureBytes {
        switch method {
        case .off: throw LAError(.invalidContext, tr("The app lock is off."))
        case .passcode: return try unlockWithPasscode(reason: reason)
        case .password: return try unlockWithKEK(biometrics: false, reason: reason)
        case .fingerprint: return try unlockWithKEK(biometrics: true, reason: reason)
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

    private func unlockWithKEK(biometrics: Bool, reason: String) throws -> SecureBytes {
        guard let (custody, wrap) = try found(Self.kekWrapItem) else { throw missing(Self.kekWrapItem) }
        var context = try evaluate(biometrics ? .fingerprint : .password, reason: reason)
        let item = context.lastSuccess?.biometric == true ? Self.fingerprintKEKItem : Self.passwordKEKItem
        var kek: Data?
        let result = Result { () throws(KeychainError) -> Data? in try custody.read(item, context: context) }
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
        let key = try KeyWrap(bytes: Array(wrap)).open(kek: try SecureBytes(consuming: &kekBytes))
        if !custody.isHome {
            try adopt(from: custody, [Self.kekWrapItem, Self.passwordKEKItem, Self.fingerprintKEKItem])
        }
        return key
    }

    /// Asks for the passcode and opens the passcode wrap with it: one Argon2id run per try,
    /// with the same persisted back-off as every password. Only the wrap decides: a passcode
    /// is right exactly when it opens the sealed key.
    private func unlockWithPasscode(reason: String) throws -> SecureBytes {
        guard let (custody, stored) = try found(Self.passcodeWrapItem) else { throw missing(Self.passcodeWrapItem) }
        let wrap = KeyWrap(bytes: Array(stored))
        var notice: String?
        for _ in 0..<environment.passwordAttempts {
            let key = try askPasscode(reason: reason, notice: notice) { try? wrap.open(passcode: $0) }
            if let key {
                if !custody.isHome { try adopt(from: custody, [Self.passcodeWrapItem]) }
                return key
            }
            notice = "Wrong passcode, try again."
        }
        throw LAError(.authenticationFailed, tr("Wrong passcode."))
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

    /// Seals the data key under a new passcode (the passcode method, after `passcode change`).
    /// - Throws: `LAError.authenticationFailed` when `old` does not open the current seal.
    public func resealPasscode(old: [UInt8], new: [UInt8]) throws {
        guard let stored = try found(Self.passcodeWrapItem)?.data,
            let key = try? KeyWrap(bytes: Array(stored)).open(passcode: old)
        else { throw LAError(.authenticationFailed, tr("The current passcode does not open the app lock.")) }
        try seal(key, for: .passcode, passcode: new, context: nil)
    }
}

/// The data key behind the app lock: from the session cache when the reuse window covers it,
/// else after an authentication (which then fills the cache).
public struct LockedKeyProvider: KeyProvider {
    public let lock: AppLock
    public let settings: LockSettings
    public let reason: String

    public init(lock: AppLock, settings: LockSettings, reason: String = "Unlock Checklists.") {
        self.lock = lock
        self.settings = settings
        self.reason = reason
    }

    public var location: String { "the app lock (\(settings.method.rawValue))" }

    public func loadKey() throws -> SecureBytes? {
        if let cached = lock.cache?.load() { return cached }
        let key = try lock.unlock(settings.method, reason: reason)
        lock.cache?.store(key, for: TimeInterval(settings.reuseSeconds))
        // A crash while the lock was being turned on may have left the plain key behind.
        lock.finishSwitch(to: settings.method, key: key)
        return key
    }

    public func createKey() throws -> SecureBytes {
        throw StoreError.missingKey(path: location)
    }
}
