import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import Localization

/// `lock status|enable|disable|now|set`.
enum LockCommands {
    static let all: [Command] = [
        Command(path: ["lock", "status"], touchesContent: false) { context in
            let report = context.session.lockReport()
            try context.show(report, report.lines)
        },
        Command(path: ["lock", "enable"]) { context in
            try enable(&context)
        },
        Command(path: ["lock", "disable"]) { context in
            guard let keychain = try context.session.disableLock() else {
                context.output.line(tr("The app lock is already off."))
                return
            }
            context.output.line(tr("The app lock is off. Your data key is in the %@ again.", "\(keychain)"))
        },
        Command(path: ["lock", "now"], touchesContent: false) { context in
            context.session.lock()
            // --json: the lock's report as `lock status --json` gives it, now locked.
            try context.show(context.session.lockReport(), [tr("Locked.")])
        },
        Command(path: ["lock", "set"]) { context in
            var reuse: Int?
            var idle: Int?
            guard context.arguments["--reuse"] != nil || context.arguments["--idle"] != nil else {
                throw CLIError.usage(tr("nothing to change: give --reuse or --idle"))
            }
            if let text = context.arguments["--reuse"] {
                guard let seconds = Int(text), (0...300).contains(seconds) else {
                    throw CLIError.usage(tr("--reuse must be 0 to 300 seconds"))
                }
                reuse = seconds
            }
            if let text = context.arguments["--idle"] {
                guard let minutes = Int(text), (1...1440).contains(minutes) else {
                    throw CLIError.usage(tr("--idle must be 1 to 1440 minutes"))
                }
                idle = minutes
            }
            let settings = try context.session.saveLockTimes(reuseSeconds: reuse, idleMinutes: idle)
            context.output.line(
                tr(
                    "Unlocks last %d s; the terminal UI locks after %d min idle.", settings.reuseSeconds,
                    settings.idleMinutes))
        },
    ]

    static func enable(_ context: inout Context) throws {
        let method = try chosenMethod(context)
        switch try context.session.enableLock(method) {
        case .unchanged(let method):
            context.output.line(tr("The app lock is already on (%@).", method.rawValue))
        case .changed(let method, let keyBesideVault):
            context.output.line(tr("The app lock is on (%@).", method.localizedSummary))
            if keyBesideVault {
                Output.error(
                    tr(
                        "Note: without a desktop keyring, the file vault's key sits beside it on disk; choose --method passcode to protect your data at rest."
                    ))
            }
        }
    }

    static func chosenMethod(_ context: Context) throws -> LockMethod {
        if let name = context.arguments["--method"] {
            guard let method = LockMethod(rawValue: name), method != .off else {
                throw CLIError.usage(tr("--method must be fingerprint, password or passcode"))
            }
            return method
        }
        return context.session.defaultLockMethod()
    }
}
