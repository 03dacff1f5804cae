import ChecklistsKit
import Foundation
import LinuxAuthentication
import LocalAuthentication
import PrivateFiles
import SecretServiceKeychain
import SessionKeyring
import Sodium

extension AppSession {
    /// What a session is made of: where the data lives, which backends authenticate, and the
    /// presenters of the front end that holds it. Tests build one with fakes; a front end
    /// calls `live(home:environment:presenter:)`.
    public struct Configuration: Sendable {
        /// The data directory.
        public var home: String
        /// The keychain the user named (auto, secret-service or file; `--keychain`): overrides
        /// the store's "Keychain" setting when set. Checked when a keychain is first needed.
        public var keychainPreference: String?
        /// Authentication backends and the presenter of fingerprint and password prompts.
        public var authentication: LAEnvironment
        /// Argon2id cost for new passcodes and passcode seals.
        public var passcodeCost: PasswordHash
        /// Where the passcode is entered or chosen (nil: through `authentication.presenter`).
        public var passcodes: (any PasscodeEntry)?
        /// Yes/no questions (e.g. whether to allow notifications).
        public var questions: (any QuestionPresenter)?
        /// The session's cache of the unlocked data key (the kernel session keyring).
        public var cache: (any UnlockedKeyCache)?
        /// Language, region and time zone of dates shown in reminders.
        public var locale: UserLocale
        /// Something the user should know once (e.g. why a keychain was chosen).
        public var notice: @Sendable (String) -> Void
        /// The reminders could not be updated now (they will be once their store works again).
        public var remindersFailed: @Sendable (any Error) -> Void

        public init(
            home: String, authentication: LAEnvironment, keychainPreference: String? = nil,
            passcodeCost: PasswordHash = .passcode, passcodes: (any PasscodeEntry)? = nil,
            questions: (any QuestionPresenter)? = nil, cache: (any UnlockedKeyCache)? = nil,
            locale: UserLocale = UserLocale(environment: [:]),
            notice: @escaping @Sendable (String) -> Void = { _ in },
            remindersFailed: @escaping @Sendable (any Error) -> Void = { _ in }
        ) {
            self.home = home
            self.authentication = authentication
            self.keychainPreference = keychainPreference
            self.passcodeCost = passcodeCost
            self.passcodes = passcodes
            self.questions = questions
            self.cache = cache
            self.locale = locale
            self.notice = notice
            self.remindersFailed = remindersFailed
        }

        /// The data directory for a process environment: `CHECKLISTS_HOME`, else
        /// `XDG_DATA_HOME/checklists`, else `~/.local/share/checklists`. A `HOME` that is empty
        /// or relative is passed over for the account's home directory (`UserHome`, as for the
        /// state directory and the agent's unit): it used to put the data under the working
        /// directory, so the same user saw another, empty store from each folder (and `HOME=`
        /// put it in `/.local/share`).
        public static func home(environment: [String: String]) -> String {
            if let home = environment["CHECKLISTS_HOME"], !home.isEmpty { return home }
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/checklists" }
            return UserHome.directory(environment: environment) + "/.local/share/checklists"
        }

        /// The real backends (fprintd, PAM, the app passcode, the kernel session keyring) for a
        /// data directory, with the front end's presenter.
        ///
        /// Test hooks (another PAM configuration, no fingerprint reader, a shorter finger
        /// timeout, a cheaper passcode hash) exist only in debug builds (`CHECKLISTS_TEST_HOOKS`,
        /// set by Package.swift for the debug configuration): the release build contains no
        /// code that reads them, so no environment variable changes how it authenticates.
        public static func live(
            home: String? = nil, environment env: [String: String], presenter: any AuthenticationPresenter
        ) -> Configuration {
            let home = home ?? Self.home(environment: env)
            let runtime = env["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/checklists" : nil }
            let hooks = TestHooks(env)
            let cost = hooks.passcodeCost ?? .passcode
            var la = LAEnvironment(
                biometrics: hooks.noFingerprint ? nil : FprintdReader(),
                accountPassword: PAMVerifier(confdir: hooks.pamConfdir),
                passcode: AppPasscode(path: home + "/passcode", cost: cost),
                presenter: presenter, stateDirectory: home, runtimeDirectory: runtime)
            la.state = AuthenticationState(path: home + "/auth-state.json", mirrorPath: stateMirror(home: home, env))
            if let seconds = hooks.fingerTimeout { la.fingerTimeout = seconds }
            return Configuration(
                home: home, authentication: la, passcodeCost: cost, cache: KernelKeyring(home: home),
                locale: UserLocale(environment: env))
        }

        /// A second copy of the failure counters outside the data directory, named after the
        /// passcode verifier when one is set (so a copy of the data directory shares its counts),
        /// else after the data directory: `$XDG_STATE_HOME/checklists/auth-state-ID.json`.
        static func stateMirror(home: String, _ env: [String: String]) -> String? {
            let base =
                env["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? env["HOME"].flatMap { $0.hasPrefix("/") ? $0 + "/.local/state" : nil }
            guard let base else { return nil }
            let identity = (try? SecureFile.read(home + "/passcode")) ?? Array(home.utf8)
            let id = Sodium.shortDigest(identity)
            return base + "/checklists/auth-state-\(id).json"
        }
    }
}

/// What the test suite may change in a debug build; all nil/false in a release build.
private struct TestHooks {
    var pamConfdir: String?
    var noFingerprint = false
    var fingerTimeout: TimeInterval?
    var passcodeCost: PasswordHash?

    init(_ env: [String: String]) {
        #if CHECKLISTS_TEST_HOOKS
            pamConfdir = env["CHECKLISTS_PAM_CONFDIR"]
            noFingerprint = env["CHECKLISTS_FINGERPRINT"] == "off"
            fingerTimeout = env["CHECKLISTS_FINGER_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
            passcodeCost = env["CHECKLISTS_PASSCODE_COST"].flatMap(Self.cost)
        #endif
    }

    #if CHECKLISTS_TEST_HOOKS
        /// `min`, or `OPS,MIB`.
        private static func cost(_ text: String) -> PasswordHash? {
            if text == "min" { return .minimal }
            let parts = text.split(separator: ",").compactMap { Int($0) }
            guard parts.count == 2, parts[0] > 0, (1...4096).contains(parts[1]) else { return nil }
            return PasswordHash(opsLimit: UInt64(parts[0]), memLimit: parts[1] << 20)
        }
    #endif
}
