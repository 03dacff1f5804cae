import Localization

extension AuthReport {
    /// The report in the user's language, one line each (the advice last, after "→ "), as
    /// `auth status` prints it and a settings screen can show it.
    public var lines: [String] {
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
