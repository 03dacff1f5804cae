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
    var home: String {
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
        // whenUnlocked keychain items are readable while the app lock is off or once unlocked.
        let unlocked = LockSettings.read(directory: home).method == .off
        KeychainWrapper.isAppUnlocked = { unlocked }
    }

    /// The store, opened on first use: its data key from the keychain, or with the app lock on,
    /// from this session's unlock or after an authentication.
    mutating func store(reason: String = "Unlock Checklists.") throws -> ChecklistStore {
        if let openedStore { return openedStore }
        let store = try ChecklistStore(directory: home, keyProvider: try keyProvider(reason: reason))
        try attach(store)
        KeychainWrapper.isAppUnlocked = { true }  // whenUnlocked items: this process has unlocked
        return store
    }

    /// Keeps the reminders in step with the store from now on.
    private mutating func attach(_ store: ChecklistStore) throws {
        openedStore = store
        let center = try notificationCenter()
        scheduler = ReminderScheduler(center: center, store: store, dates: DueDate.Display(locale: locale.time))
        scheduler?.start()
    }

    /// The pending-reminders store of this data directory.
    func notificationCenter() throws -> Reminders.NotificationCenter {
        try Reminders.NotificationCenter(directory: home)
    }

    /// The reminder scheduler, once the store is open.
    private(set) var scheduler: ReminderScheduler?

    /// The store opened with a key already in hand.
    mutating func store(key: SecureBytes) throws -> ChecklistStore {
        let store = try ChecklistStore(directory: home, keyProvider: StaticKeyProvider(key: key))
        try attach(store)
        return store
    }

    /// Where the data key comes from under the current lock setting.
    func keyProvider(reason: String = "Unlock Checklists.") throws -> any KeyProvider {
        let settings = LockSettings.read(directory: home)
        if settings.method != .off {
            return LockedKeyProvider(lock: try appLock(), settings: settings, reason: reason)
        }
        let choice = try keychainChoice()
        let keychain = KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: choice.backend)
        return KeychainKeyProvider(keychain: keychain, legacyKeyFile: home + "/data.key", reason: choice.reason)
    }

    /// The app lock's custody on the chosen keychain, with live authentication.
    func appLock() throws -> AppLock {
        AppLock(
            keychain: try keychain(), environment: authEnvironment(), cache: KernelKeyring(home: home),
            passcodeCost: LiveAuthentication.passcodeCost(environment))
    }

    /// Which keychain to use: `--keychain`, else the "Keychain" setting, else automatic.
    func keychainPreference() throws -> KeychainChooser.Preference {
        let text = arguments["--keychain"] ?? ChecklistStore.peekSetting(directory: home, named: "Keychain") ?? "auto"
        guard let preference = KeychainChooser.Preference(rawValue: text) else {
            throw CLIError.usage("--keychain must be auto, secret-service or file, not \"\(text)\"")
        }
        return preference
    }

    /// The chosen keychain backend and why; also installed as `KeychainWrapper.defaultBackend`.
    func keychainChoice() throws -> KeychainChooser.Choice {
        let choice = try KeychainChooser.choose(try keychainPreference(), vaultDirectory: home)
        KeychainWrapper.defaultBackend = choice.backend
        return choice
    }

    /// The app's keychain service on the chosen backend.
    func keychain() throws -> KeychainWrapper {
        KeychainWrapper(serviceName: KeychainWrapper.defaultServiceName, backend: try keychainChoice().backend)
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
