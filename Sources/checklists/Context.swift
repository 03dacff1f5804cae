import Arguments
import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Reminders
import SecretServiceKeychain
import SessionKeyring
import Sodium

/// Everything a command needs: its arguments, where the data lives, how to print.
struct Context {
    var arguments: ParsedArguments
    let environment: [String: String]
    let output: Output
    let locale: UserLocale

    /// `--json` was given.
    var json: Bool { arguments.has("--json") }

    /// The data directory: `--home`, else `$CHECKLISTS_HOME`, else `$XDG_DATA_HOME/checklists`,
    /// else `~/.local/share/checklists`.
    let home: String

    static func home(arguments: ParsedArguments, environment: [String: String]) -> String {
        if let home = arguments["--home"], !home.isEmpty { return home }
        if let home = environment["CHECKLISTS_HOME"], !home.isEmpty { return home }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/checklists" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/checklists"
    }

    private var openedStore: ChecklistStore?

    init(arguments: ParsedArguments, environment: [String: String], output: Output) {
        self.arguments = arguments
        self.environment = environment
        self.output = output
        locale = UserLocale(environment: environment)
        home = Self.home(arguments: arguments, environment: environment)
        // whenUnlocked keychain items are readable while the app lock is off or once unlocked.
        let home = self.home
        KeychainWrapper.isAppUnlocked = { LockSettings.read(directory: home).method == .off }
    }

    /// The store, opened on first use: its data key from the keychain, or with the app lock on,
    /// from this session's unlock or after an authentication.
    mutating func store(reason: String = "Unlock Checklists.") throws -> ChecklistStore {
        if let openedStore { return openedStore }
        let store = try ChecklistStore(directory: home) { settings in
            try keyProvider(settings: settings, reason: reason)
        }
        try attach(store)
        KeychainWrapper.isAppUnlocked = { true }  // whenUnlocked items: this process has unlocked
        return store
    }

    /// Closes the store if it was opened (statements finalized, WAL bounded).
    func closeStore() {
        openedStore?.close()
    }

    /// The time zone for parsing and showing dates.
    /// - Throws: A usage error when `TZ` names no zone (Foundation would silently use UTC).
    func timeZone() throws -> TimeZone {
        guard UserLocale.isValidTimeZone(environment["TZ"]) else {
            throw CLIError.usage("TZ=\"\(environment["TZ"] ?? "")\" is not a time zone this system knows")
        }
        return TimeZone.current
    }

    /// Keeps the reminders in step with the store from now on, after applying what an
    /// interrupted command left in the outbox. The reminders store is opened only when there is
    /// something to apply, so read-only commands never touch it.
    private mutating func attach(_ store: ChecklistStore) throws {
        openedStore = store
        let reminders = ReminderHookup(home: home, store: store, dates: DueDate.Display(locale: locale.time))
        reminders.catchUp()
        self.reminders = reminders
    }

    /// The pending-reminders store of this data directory.
    func notificationCenter() throws -> Reminders.NotificationCenter {
        try Reminders.NotificationCenter(directory: home)
    }

    /// The link to the reminders, once the store is open.
    private(set) var reminders: ReminderHookup?

    /// The settings that need no key, read from the database without opening the store.
    var plainSettings: [String: String] { ChecklistStore.peekSettings(directory: home) }

    /// The store opened with a key already in hand.
    mutating func store(key: SecureBytes) throws -> ChecklistStore {
        let store = try ChecklistStore(directory: home, keyProvider: StaticKeyProvider(key: key))
        try attach(store)
        return store
    }

    /// Where the data key comes from under the current lock setting.
    func keyProvider(settings stored: [String: String]? = nil, reason: String = "Unlock Checklists.") throws
        -> any KeyProvider
    {
        let stored = stored ?? plainSettings
        let settings = LockSettings(settings: stored)
        if settings.method != .off {
            return LockedKeyProvider(lock: try appLock(settings: stored), settings: settings, reason: reason)
        }
        let choice = try keychainChoice(settings: stored)
        let keychain = KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: choice.backend)
        return KeychainKeyProvider(
            keychain: keychain, items: keyItems(settings: stored), fallback: otherKeychain(than: choice),
            legacyKeyFile: home + "/data.key", reason: choice.reason)
    }

    /// The app lock's custody on the chosen keychain, with live authentication.
    func appLock(settings: [String: String]? = nil) throws -> AppLock {
        let stored = settings ?? plainSettings
        let choice = try keychainChoice(settings: stored)
        return AppLock(
            keychain: KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: choice.backend),
            environment: authEnvironment(), cache: KernelKeyring(home: home),
            passcodeCost: LiveAuthentication.passcodeCost(environment), items: keyItems(settings: stored),
            fallback: otherKeychain(than: choice))
    }

    /// The names of this store's key items (by its "StoreID" setting).
    func keyItems(settings: [String: String]? = nil) -> KeyItems {
        KeyItems(storeID: (settings ?? plainSettings)["StoreID"])
    }

    /// The backend not chosen, where this store's key may be (made in another kind of session):
    /// the file vault only when its file exists, the Secret Service only when it answers.
    func otherKeychain(than choice: KeychainChooser.Choice) -> @Sendable () -> KeychainWrapper? {
        let home = home
        let vaultChosen = choice.backend is FileVault
        return {
            let backend: any KeychainBackend
            if vaultChosen {
                guard KeychainChooser.secretServiceProblem() == nil else { return nil }
                backend = SecretServiceKeychain()
            } else {
                guard FileManager.default.fileExists(atPath: home + "/keychain.vault") else { return nil }
                backend = FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key"))
            }
            return KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: backend)
        }
    }

    /// Which keychain to use: `--keychain`, else the "Keychain" setting, else automatic.
    func keychainPreference(settings: [String: String]? = nil) throws -> KeychainChooser.Preference {
        let text = arguments["--keychain"] ?? (settings ?? plainSettings)["Keychain"] ?? "auto"
        guard let preference = KeychainChooser.Preference(rawValue: text) else {
            throw CLIError.usage("--keychain must be auto, secret-service or file, not \"\(text)\"")
        }
        return preference
    }

    /// The chosen keychain backend and why; also installed as `KeychainWrapper.defaultBackend`.
    func keychainChoice(settings: [String: String]? = nil) throws -> KeychainChooser.Choice {
        let stored = settings ?? plainSettings
        let preference = try keychainPreference(settings: stored)
        var choice = try KeychainChooser.choose(preference, vaultDirectory: home)
        if preference == .auto, let id = stored["StoreID"] {
            let items = KeyItems(storeID: id)
            choice = KeychainChooser.following(choice, vaultDirectory: home) { keys, inVault in
                keys.contains { key in KeyItems.bases.contains { key == items.name($0) || (inVault && key == $0) } }
            }
        }
        KeychainWrapper.defaultBackend = choice.backend
        if let notice = choice.notice { Output.notice("checklists: \(notice)") }
        return choice
    }

    /// The app's keychain service on the chosen backend.
    func keychain(settings: [String: String]? = nil) throws -> KeychainWrapper {
        KeychainWrapper(
            serviceName: KeychainWrapper.defaultServiceName, backend: try keychainChoice(settings: settings).backend)
    }

    /// The authentication backends for this data directory (also `LAEnvironment.shared`).
    func authEnvironment() -> LAEnvironment {
        LiveAuthentication.environment(home: home, environment: environment)
    }

    /// The positional arguments after the command's words.
    var positionals: [String] { arguments.positionals }

    /// The positional at `index`, or a usage error naming what is missing.
    func positional(_ index: Int, _ name: String) throws -> String {
        guard index < positionals.count else { throw CLIError.usage("missing \(name)") }
        return positionals[index]
    }

    /// Positionals from `index` on joined by spaces (so `item add L buy milk` needs no quotes).
    func rest(from index: Int, _ name: String) throws -> String {
        guard index < positionals.count else { throw CLIError.usage("missing \(name)") }
        return positionals[index...].joined(separator: " ")
    }

    /// Refuses extra positionals beyond `count`.
    func expectPositionals(atMost count: Int) throws {
        if positionals.count > count { throw CLIError.usage("unexpected argument \"\(positionals[count])\"") }
    }
}
