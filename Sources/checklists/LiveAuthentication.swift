import Foundation
import LinuxAuthentication
import LocalAuthentication
import Sodium

/// Wires LocalAuthentication to the real backends: fprintd, PAM, the app passcode, /dev/tty.
enum LiveAuthentication {
    /// The environment for a data directory; also installed as `LAEnvironment.shared`.
    static func environment(home: String, environment env: [String: String]) -> LAEnvironment {
        let runtime = env["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 + "/checklists" : nil }
        let terminal = TerminalPresenter()
        var la = LAEnvironment(
            biometrics: env["CHECKLISTS_FINGERPRINT"] == "off" ? nil : FprintdReader(),
            accountPassword: PAMVerifier(confdir: env["CHECKLISTS_PAM_CONFDIR"]),
            passcode: AppPasscode(path: home + "/passcode", cost: passcodeCost(env)),
            presenter: terminal.canPrompt ? terminal : NonInteractivePresenter(),
            stateDirectory: home, runtimeDirectory: runtime)
        if let seconds = env["CHECKLISTS_FINGER_TIMEOUT"].flatMap(Double.init) { la.fingerTimeout = seconds }
        LAEnvironment.shared = la
        return la
    }

    /// Argon2id cost for new passcodes: `CHECKLISTS_PASSCODE_COST=OPS,MIB` (tests use "min"),
    /// else 4 passes over 128 MiB (≈ a quarter of a second here).
    static func passcodeCost(_ env: [String: String]) -> PasswordHash {
        guard let text = env["CHECKLISTS_PASSCODE_COST"] else { return PasswordHash(opsLimit: 4, memLimit: 128 << 20) }
        if text == "min" { return .minimal }
        let parts = text.split(separator: ",").compactMap { Int($0) }
        // Out-of-range numbers fall back to the default rather than trap.
        guard parts.count == 2, (1...1_000).contains(parts[0]), (1...65_536).contains(parts[1]) else {
            return PasswordHash(opsLimit: 4, memLimit: 128 << 20)
        }
        return PasswordHash(opsLimit: UInt64(parts[0]), memLimit: parts[1] << 20)
    }
}
