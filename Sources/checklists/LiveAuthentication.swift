import Foundation
import LinuxAuthentication
import LocalAuthentication
import PrivateFiles
import Sodium

/// Wires LocalAuthentication to the real backends: fprintd, PAM, the app passcode, /dev/tty.
///
/// Test hooks (another PAM configuration, no fingerprint reader, a shorter finger timeout, a
/// cheaper passcode hash) exist only in debug builds (`CHECKLISTS_TEST_HOOKS`, set by
/// Package.swift for the debug configuration): the release binary contains no code that
/// reads them, so no environment variable changes how it authenticates.
enum LiveAuthentication {
    /// The environment for a data directory; also installed as `LAEnvironment.shared`.
    static func environment(home: String, environment env: [String: String]) -> LAEnvironment {
        let runtime = env["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/checklists" : nil }
        let terminal = TerminalPresenter()
        let hooks = TestHooks(env)
        var la = LAEnvironment(
            biometrics: hooks.noFingerprint ? nil : FprintdReader(),
            accountPassword: PAMVerifier(confdir: hooks.pamConfdir),
            passcode: AppPasscode(path: home + "/passcode", cost: hooks.passcodeCost ?? .passcode),
            presenter: terminal.canPrompt ? terminal : NonInteractivePresenter(),
            stateDirectory: home, runtimeDirectory: runtime)
        la.state = AuthenticationState(path: home + "/auth-state.json", mirrorPath: stateMirror(home: home, env))
        if let seconds = hooks.fingerTimeout { la.fingerTimeout = seconds }
        LAEnvironment.shared = la
        return la
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
        let id = Sodium.hash(identity).prefix(8).map { String(format: "%02x", $0) }.joined()
        return base + "/checklists/auth-state-\(id).json"
    }

    /// Argon2id cost for new passcodes and passcode seals: `PasswordHash.passcode`
    /// (in debug builds, `CHECKLISTS_PASSCODE_COST` may lower it for tests).
    static func passcodeCost(_ env: [String: String]) -> PasswordHash {
        TestHooks(env).passcodeCost ?? .passcode
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
