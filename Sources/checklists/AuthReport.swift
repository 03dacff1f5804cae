import Foundation
import LinuxAuthentication
import LocalAuthentication
import Localization

/// What `auth status` reports: each policy, each method, lockout and back-off, and advice.
struct AuthReport: Encodable {
    struct PolicyState: Encodable {
        let policy: String
        let canEvaluate: Bool
        let code: Int?
        let error: String?
        let message: String?
    }

    let policies: [PolicyState]
    let biometryType: String
    let fingerprint: String
    let fingerprintDetail: String?
    let password: String?
    let passcodeSet: Bool
    let failedScans: Int
    let biometryLockedOut: Bool
    let failedPasswords: Int
    let passwordBlockedUntil: String?
    let advice: [String]

    init(_ environment: LAEnvironment) {
        let context = LAContext(environment: environment)
        policies = [LAPolicy.deviceOwnerAuthenticationWithBiometrics, .deviceOwnerAuthentication].map { policy in
            var error: NSError?
            let ok = context.canEvaluatePolicy(policy, error: &error)
            let code = error.flatMap { LAError.Code(rawValue: $0.code) }
            return PolicyState(
                policy: policy == .deviceOwnerAuthentication ? "owner" : "biometrics", canEvaluate: ok,
                code: code?.rawValue, error: code?.name, message: error?.localizedDescription)
        }
        biometryType = context.biometryType == .touchID ? "touchID" : "none"
        let status = environment.biometrics?.status() ?? .unavailable(reason: "no reader is wired")
        switch status {
        case .ready: (fingerprint, fingerprintDetail) = ("ready", nil)
        case .notEnrolled: (fingerprint, fingerprintDetail) = ("not-enrolled", "no fingers are enrolled for this user")
        case .unavailable(let reason): (fingerprint, fingerprintDetail) = ("unavailable", reason)
        }
        switch environment.ownerPasswordMethod {
        case .passcode: password = "passcode"
        case .account(let verifier): password = "pam:\(verifier.userName)"
        case nil: password = nil
        }
        passcodeSet = environment.passcode?.isSet ?? false
        let state = environment.state.read()
        failedScans = state.failedScans
        biometryLockedOut = state.biometryLockedOut
        failedPasswords = state.failedPasswords
        passwordBlockedUntil = state.passwordBlockedUntil(now: Date()).map { ISO8601DateFormatter().string(from: $0) }

        var advice: [String] = []
        switch status {
        case .notEnrolled: advice.append(tr("Enrol a finger with 'fprintd-enroll' to unlock with your fingerprint."))
        case .unavailable: advice.append(tr("No fingerprint reader: Checklists uses your password instead."))
        case .ready: break
        }
        if biometryLockedOut {
            advice.append(
                tr("Fingerprint is locked after 5 failed scans: authenticate once with your password to unlock it."))
        }
        if password == nil {
            advice.append(tr("No password can be checked: set an app passcode with 'checklists passcode set'."))
        }
        if state.damagedAt != nil {
            advice.append(
                tr("The record of failed attempts was damaged, which counts as locked out: wait until the time shown."))
        } else if passwordBlockedUntil != nil {
            advice.append(tr("Too many wrong passwords: wait until the time shown before trying again."))
        }
        if advice.isEmpty { advice.append(tr("All set: 'checklists auth test' tries an authentication.")) }
        self.advice = advice
    }

    var lines: [String] {
        var out: [String] = []
        switch fingerprint {
        case "ready": out.append(tr("Fingerprint (fprintd): ready"))
        case "not-enrolled": out.append(tr("Fingerprint (fprintd): reader found, but no fingers are enrolled"))
        default: out.append(tr("Fingerprint (fprintd): not available (%@)", fingerprintDetail ?? tr("unknown")))
        }
        switch password {
        case "passcode": out.append(tr("Password: the app passcode"))
        case let p? where p.hasPrefix("pam:"):
            out.append(tr("Password: your account password (PAM, user %@)", String(p.dropFirst(4))))
        default: out.append(tr("Password: none available"))
        }
        out.append(tr("Biometry type: %@", biometryType))
        for p in policies {
            let name = p.policy == "owner" ? "deviceOwnerAuthentication" : "deviceOwnerAuthenticationWithBiometrics"
            out.append(
                p.canEvaluate
                    ? tr("%@: can be evaluated", name)
                    : tr(
                        "%@: cannot be evaluated — %@ (LAError %d %@)", name, p.message ?? "", p.code ?? 0,
                        p.error ?? ""
                    ))
        }
        out.append(
            biometryLockedOut
                ? trn(
                    "Fingerprint lockout: locked (%d failed scan)", "Fingerprint lockout: locked (%d failed scans)",
                    failedScans)
                : tr("Fingerprint lockout: none (%d of 5 failed scans)", failedScans))
        if let until = passwordBlockedUntil {
            out.append(
                trn(
                    "Password back-off: %d wrong password; next try after %@",
                    "Password back-off: %d wrong passwords; next try after %@", failedPasswords, until))
        } else {
            out.append(
                trn(
                    "Password back-off: none (%d wrong password)", "Password back-off: none (%d wrong passwords)",
                    failedPasswords))
        }
        return out + advice.map { "→ " + $0 }
    }
}
