import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import Localization

/// `auth status`, `auth test`, `passcode set|change|remove`.
enum AuthCommands {
    static let all: [Command] = [
        Command(path: ["auth", "status"], touchesContent: false) { context in
            let report = context.session.authReport()
            try context.show(report, report.lines)
        },
        Command(path: ["auth", "test"], touchesContent: false) { context in
            // The table's rules have checked both values.
            let policy = policy(context.arguments["--policy"])
            let reuse = context.arguments["--reuse"].flatMap(Double.init)
            let reason = context.arguments["--reason"] ?? tr("Checklists wants to check it is you.")
            let fingerprint: Bool
            do throws(LAError) {
                fingerprint = try context.session.testAuthentication(policy, reason: reason, reuseSeconds: reuse)
            } catch {
                if context.json {
                    try? context.output.json(
                        AuthOutcome(
                            success: false, code: error.code.rawValue, name: error.code.name, message: error.message,
                            method: nil))
                }
                throw error
            }
            let how = fingerprint ? "fingerprint" : "password"
            try context.show(
                AuthOutcome(success: true, code: nil, name: nil, message: "Authenticated.", method: how),
                [fingerprint ? tr("Authenticated (fingerprint).") : tr("Authenticated (password).")])
        },
        Command(path: ["passcode", "set"], touchesContent: false) { context in
            try context.session.setPasscode()
            context.output.line(tr("Passcode set. Checklists now asks for it instead of your account password."))
        },
        Command(path: ["passcode", "change"], touchesContent: false) { context in
            try context.session.changePasscode()
            context.output.line(tr("Passcode changed."))
        },
        Command(path: ["passcode", "remove"], touchesContent: false) { context in
            try context.session.removePasscode()
            context.output.line(tr("Passcode removed. Checklists asks for your account password again."))
        },
    ]

    /// The policy `--policy` names (default: owner).
    static func policy(_ name: String?) -> LAPolicy {
        switch name {
        case "biometrics", "deviceOwnerAuthenticationWithBiometrics": .deviceOwnerAuthenticationWithBiometrics
        default: .deviceOwnerAuthentication
        }
    }
}

/// `auth test --json`.
struct AuthOutcome: Encodable {
    let success: Bool
    let code: Int?
    let name: String?
    let message: String
    let method: String?
}
