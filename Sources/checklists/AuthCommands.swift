import Arguments
import ChecklistsKit
import Foundation
import LocalAuthentication
import Sodium

/// `auth status`, `auth test`, `passcode set|change|remove`.
enum AuthCommands {
    static let all: [Command] = [
        Command(
            path: ["auth", "status"], usage: "auth status",
            summary: "Show how you can authenticate on this machine and what to do next.", touchesContent: false
        ) { context in
            let report = AuthReport(context.authEnvironment())
            if context.json { try context.output.json(report) } else { report.lines.forEach(context.output.line) }
        },
        Command(
            path: ["auth", "test"], usage: "auth test [--policy biometrics|owner] [--reason TEXT] [--reuse SECONDS]",
            summary: "Run one authentication and print the outcome and the LAError code.",
            details: [
                "owner (default): fingerprint with password fallback; biometrics: fingerprint only.",
                "--reuse: accept a success from this terminal session within SECONDS (at most 300) without asking.",
            ],
            spec: ArgumentSpec(options: ["--policy", "--reason", "--reuse"]), touchesContent: false
        ) { context in
            let policy = try policy(context.arguments["--policy"])
            let la = LAContext(environment: context.authEnvironment())
            if let reuse = context.arguments["--reuse"] {
                guard let seconds = Double(reuse), seconds >= 0 else {
                    throw CLIError.usage("--reuse needs a number of seconds")
                }
                la.touchIDAuthenticationAllowableReuseDuration = seconds
            }
            do throws(LAError) {
                try la.evaluateNow(
                    policy, localizedReason: context.arguments["--reason"] ?? "Checklists wants to check it is you.")
            } catch {
                if context.json {
                    try? context.output.json(
                        AuthOutcome(
                            success: false, code: error.code.rawValue, name: error.code.name, message: error.message,
                            method: nil))
                }
                throw error
            }
            let how = la.lastSuccess?.biometric == true ? "fingerprint" : "password"
            if context.json {
                try context.output.json(
                    AuthOutcome(success: true, code: nil, name: nil, message: "Authenticated.", method: how))
            } else {
                context.output.line("Authenticated (\(how)).")
            }
        },
        Command(
            path: ["passcode", "set"], usage: "passcode set [--stdin]",
            summary: "Choose an app passcode; it is then asked instead of your account password.",
            details: ["Asks twice on the terminal. --stdin reads one line from standard input instead (for scripts)."],
            spec: ArgumentSpec(flags: ["--stdin"]), touchesContent: false
        ) { context in
            let passcode = context.authEnvironment().passcode!
            if passcode.isSet { throw CLIError.refused("A passcode is already set; use 'checklists passcode change'.") }
            let reader = SecretReader(context)
            var new = try reader.newSecret(label: "New passcode")
            defer { Sodium.wipe(&new) }
            try passcode.set(new)
            context.output.line("Passcode set. Checklists now asks for it instead of your account password.")
        },
        Command(
            path: ["passcode", "change"], usage: "passcode change [--stdin]",
            summary: "Change the app passcode (asks for the current one first).",
            details: ["--stdin reads two lines: the current passcode, then the new one."],
            spec: ArgumentSpec(flags: ["--stdin"]), touchesContent: false
        ) { context in
            var current = try currentPasscode(context, label: "Current passcode", attempts: 1)
            defer { Sodium.wipe(&current) }
            var new = try SecretReader(context).newSecret(label: "New passcode")
            defer { Sodium.wipe(&new) }
            // With the lock on the passcode, the data key moves to the new one first.
            if LockSettings.read(directory: context.home).method == .passcode {
                try context.appLock().resealPasscode(old: current, new: new)
            }
            try context.authEnvironment().passcode!.set(new)
            context.output.line("Passcode changed.")
        },
        Command(
            path: ["passcode", "remove"], usage: "passcode remove [--stdin]",
            summary: "Remove the app passcode (asks for it first); your account password applies again.",
            spec: ArgumentSpec(flags: ["--stdin"]), touchesContent: false
        ) { context in
            guard LockSettings.read(directory: context.home).method != .passcode else {
                throw CLIError.refused(
                    "The passcode cannot be removed while the app lock uses it: 'checklists lock disable' first.")
            }
            var current = try currentPasscode(context, label: "Current passcode", attempts: 1)
            Sodium.wipe(&current)
            try context.authEnvironment().passcode!.remove()
            context.output.line("Passcode removed. Checklists asks for your account password again.")
        },
    ]

    static func policy(_ name: String?) throws -> LAPolicy {
        switch name ?? "owner" {
        case "owner", "deviceOwnerAuthentication": .deviceOwnerAuthentication
        case "biometrics", "deviceOwnerAuthenticationWithBiometrics": .deviceOwnerAuthenticationWithBiometrics
        default: throw CLIError.usage("--policy must be biometrics or owner")
        }
    }

    /// Asks for the app passcode (terminal, or one line with `--stdin`) until it is right, with
    /// the same persisted back-off as every password.
    /// - Returns: The verified passcode; the caller wipes it.
    /// - Throws: `LAError` when it is wrong `attempts` times, cancelled, or in back-off.
    static func currentPasscode(_ context: Context, label: String, attempts: Int) throws -> [UInt8] {
        let environment = context.authEnvironment()
        let verifier = environment.passcode!
        guard verifier.isSet else { throw CLIError.refused("No passcode is set; use 'checklists passcode set'.") }
        let reader = SecretReader(context)
        var notice: String?
        for _ in 0..<(reader.fromStdin ? 1 : max(1, attempts)) {
            let verified = try environment.state.attempt(
                now: Date(), answer: { try reader.secret(label: label, notice: notice) },
                check: { verifier.verify($0) ? $0 : nil })
            if let verified { return verified }
            notice = "Wrong passcode, try again."
        }
        throw LAError(.authenticationFailed, "Wrong passcode.")
    }
}

/// Reads secrets from the terminal without echo, or from standard input with `--stdin`;
/// never from argv or the environment.
struct SecretReader {
    let fromStdin: Bool
    let presenter: any AuthenticationPresenter

    init(_ context: Context) {
        fromStdin = context.arguments.has("--stdin")
        presenter = context.authEnvironment().presenter
    }

    func secret(label: String, notice: String? = nil) throws -> [UInt8] {
        if fromStdin { return try Self.stdinLine() }
        guard presenter.canPrompt else { throw LAError(.notInteractive, "No terminal to ask on; use --stdin.") }
        guard
            let answer = presenter.askPassword(
                PasswordPrompt(reason: "", label: label, notice: notice, cancelTitle: "Cancel"))
        else { throw LAError(.userCancel) }
        return answer
    }

    /// A new secret, asked twice on a terminal.
    func newSecret(label: String) throws -> [UInt8] {
        var first = try secret(label: label)
        if let weakness = AppPasscode.weakness(of: first) {
            Sodium.wipe(&first)
            throw CLIError.usage(weakness + " Nothing was changed.")
        }
        if fromStdin { return first }
        var second = try secret(label: "Repeat to confirm")
        defer { Sodium.wipe(&second) }
        guard Sodium.constantTimeEqual(first, second) else {
            Sodium.wipe(&first)
            throw CLIError.usage("The two entries differ; nothing was changed.")
        }
        return first
    }

    /// One line of standard input, without its newline (at most `StdinLines.limit` bytes).
    static func stdinLine() throws -> [UInt8] { try StdinLines.next() }
}

/// `auth test --json`.
struct AuthOutcome: Encodable {
    let success: Bool
    let code: Int?
    let name: String?
    let message: String
    let method: String?
}
