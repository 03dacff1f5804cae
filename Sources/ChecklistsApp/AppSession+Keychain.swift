import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Localization
import SecretServiceKeychain

/// Choosing and wiring the keychain and the key providers.
extension AppSession {
    /// Whether `whenUnlocked` keychain items may be read now: the lock is off, or this session
    /// holds the key.
    var appUnlocked: @Sendable () -> Bool {
        { [weak self] in self.map { !$0.isLocked } ?? false }
    }

    /// A wrapper for the app's keychain service on `backend`, bound to this session's lock.
    func wrapper(_ backend: any KeychainBackend) -> KeychainWrapper {
        KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: backend, appUnlocked: appUnlocked)
    }

    /// Where the data key comes from under the current lock setting.
    func keyProvider(settings stored: [String: String]? = nil, reason: String = tr("Unlock Checklists.")) throws
        -> any KeyProvider
    {
        let stored = stored ?? plainSettings
        let settings = LockSettings(settings: stored)
        if settings.method != .off {
            return LockedKeyProvider(lock: try appLock(settings: stored), settings: stored, reason: reason)
        }
        let choice = try keychainChoice(settings: stored)
        return KeychainKeyProvider(
            keychain: wrapper(choice.backend), items: keyItems(settings: stored), fallback: otherKeychain(than: choice),
            legacyKeyFile: home + "/data.key", reason: choice.reason)
    }

    /// The app lock's custody on the chosen keychain.
    public func appLock(settings: [String: String]? = nil) throws -> AppLock {
        let stored = settings ?? plainSettings
        let choice = try keychainChoice(settings: stored)
        return AppLock(
            keychain: wrapper(choice.backend), environment: authentication, cache: configuration.cache,
            passcodeCost: configuration.passcodeCost, items: keyItems(settings: stored),
            fallback: otherKeychain(than: choice))
    }

    /// The names of this store's key items (by its "StoreID" setting).
    public func keyItems(settings: [String: String]? = nil) -> KeyItems {
        KeyItems(storeID: (settings ?? plainSettings)["StoreID"])
    }

    /// The backend not chosen, where this store's key may be (made in another kind of session):
    /// the file vault only when its file exists, the Secret Service only when it answers.
    func otherKeychain(than choice: KeychainChooser.Choice) -> @Sendable () -> KeychainWrapper? {
        let home = home
        let vaultChosen = choice.backend is FileVault
        let appUnlocked = appUnlocked
        return {
            let backend: any KeychainBackend
            if vaultChosen {
                guard KeychainChooser.secretServiceProblem() == nil else { return nil }
                backend = SecretServiceKeychain()
            } else {
                guard FileManager.default.fileExists(atPath: home + "/keychain.vault") else { return nil }
                backend = FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key"))
            }
            return KeychainWrapper(
                serviceName: KeychainWrapper.defaultServiceName, backend: backend, appUnlocked: appUnlocked)
        }
    }

    /// Which keychain to use: the configuration's preference, else the "Keychain" setting,
    /// else automatic.
    /// - Throws: `AppSessionError.rejected` when the setting names no known keychain.
    public func keychainPreference(settings: [String: String]? = nil) throws -> KeychainChooser.Preference {
        let text = configuration.keychainPreference ?? (settings ?? plainSettings)["Keychain"] ?? "auto"
        guard let preference = KeychainChooser.Preference(rawValue: text) else {
            throw AppSessionError.rejected("--keychain must be auto, secret-service or file, not \"\(text)\"")
        }
        return preference
    }

    /// The chosen keychain backend and why; its notice goes to the configuration's `notice`.
    public func keychainChoice(settings: [String: String]? = nil) throws -> KeychainChooser.Choice {
        let stored = settings ?? plainSettings
        let preference = try keychainPreference(settings: stored)
        var choice = try KeychainChooser.choose(preference, vaultDirectory: home)
        if preference == .auto, let id = stored["StoreID"] {
            let items = KeyItems(storeID: id)
            choice = KeychainChooser.following(choice, vaultDirectory: home) { keys, inVault in
                keys.contains { key in KeyItems.bases.contains { key == items.name($0) || (inVault && key == $0) } }
            }
        }
        if let notice = choice.notice { configuration.notice(notice) }
        return choice
    }

    /// The app's keychain service on the chosen backend.
    public func keychain(settings: [String: String]? = nil) throws -> KeychainWrapper {
        wrapper(try keychainChoice(settings: settings).backend)
    }

    /// Moves Checklists' keychain items to another backend and remembers the choice: copy and
    /// verify, flip the setting, then delete (see `KeychainMove`). This store's items and the
    /// user's own move; other stores' key items stay. Opening the store first proves the
    /// current keychain opens the data.
    /// - Returns: The name of the backend the items are in now.
    public func useKeychain(_ target: KeychainChooser.Preference) throws -> String {
        try serialized {
            let store = try store()
            let from = try keychainChoice().backend
            let to = try KeychainChooser.choose(target, vaultDirectory: home).backend
            if from.name == to.name {
                try store.setSetting(named: "Keychain", to: target.rawValue)
            } else {
                try KeychainMove.move(
                    from: from, to: to, service: KeychainWrapper.defaultServiceName,
                    items: KeyItems(storeID: store.storeID)
                ) {
                    try store.setSetting(named: "Keychain", to: target.rawValue)
                }
            }
            return to.name
        }
    }
}
