import ChecklistsKit
import Localization

extension LockMethod {
    /// How the lock with this method unlocks, in the user's language ("fingerprint, falling back
    /// to your password"), as `lock status` and `lock enable` say it.
    public var localizedSummary: String {
        switch self {
        case .off: tr("off")
        case .fingerprint: tr("fingerprint, falling back to your password")
        case .password: tr("your account password")
        case .passcode: tr("the app passcode")
        }
    }

    /// The method's short name in the user's language ("Fingerprint"), as a settings screen's
    /// chooser shows it.
    public var localizedName: String {
        switch self {
        case .off: tr("Off")
        case .fingerprint: tr("Fingerprint")
        case .password: tr("Password")
        case .passcode: tr("Passcode")
        }
    }
}

extension LockReport {
    /// The report in the user's language, one line each, as `lock status` prints it and a
    /// settings screen can show it.
    public var lines: [String] {
        var out = [
            enabled
                ? tr("App lock: on (%@)", (LockMethod(rawValue: method) ?? .off).localizedSummary)
                : tr("App lock: off")
        ]
        out.append(
            tr(
                "Unlocks last %d s in this session; the terminal UI locks after %d min idle.", reuseSeconds, idleMinutes
            ))
        if enabled {
            if let until = unlockedUntil {
                out.append(tr("This session: unlocked until %@.", until))
            } else if sessionKeyring {
                out.append(tr("This session: locked (the next command asks)."))
            } else {
                out.append(tr("This session: no kernel session keyring, so every command asks."))
            }
        }
        out.append(
            biometryLockedOut
                ? tr("Fingerprint: locked after 5 failed scans — authenticate with your password to unlock it.")
                : trn(
                    "Fingerprint: %d failed scan in a row (5 lock it).",
                    "Fingerprint: %d failed scans in a row (5 lock it).",
                    failedScans))
        if let until = passwordBlockedUntil {
            out.append(tr("Password: %d wrong in a row; next try after %@.", failedPasswords, until))
        } else {
            out.append(tr("Password: %d wrong in a row (5 start a back-off).", failedPasswords))
        }
        return out
    }
}
