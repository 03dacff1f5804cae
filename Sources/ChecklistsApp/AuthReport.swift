import Foundation
import LinuxAuthentication
import LocalAuthentication
import Localization

/// What authentication can do here: each policy, each method, lockout and back-off, and advice
/// (`checklists auth status`; a settings screen shows the same).
public struct AuthReport: Codable, Sendable, Equatable {
    /// Whether one `LAPolicy` can be evaluated, and the `LAError` when not.
    public struct PolicyState: Codable, Sendable, Equatable {
        /// "biometrics" or "owner".
        public let policy: String
        public let canEvaluate: Bool
        /// The `LAError.Code` raw value, its name and message when it cannot.
        public let code: Int?
        public let error: String?
        public let message: String?
    }

    public let policies: [PolicyState]
    /// "touchID" (a fingerprint reader is there) or "none".
    public let biometryType: String
    /// "ready", "not-enrolled" or "unavailable" (with `fingerprintDetail`).
    public let fingerprint: String
    public let fingerprintDetail: String?
    /// "passcode", "pam:USER", or nil when no password can be checked.
    public let password: String?
    public let passcodeSet: Bool
    public let failedScans: Int
    public let biometryLockedOut: Bool
    public let failedPasswords: Int
    /// ISO 8601, while wrong passwords back off.
    public let passwordBlockedUntil: String?
    /// What the user can do next, in the user's language.
    public let advice: [String]

    /// The report for the backends of `environment`, now.
    public init(_ environment: LAEnvironment) {
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
}

extension AppSession {
    /// What authentication can do now (no key needed).
    public func authReport() -> AuthReport { AuthReport(authentication) }
}
