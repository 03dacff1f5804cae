import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
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
            // The table's rules have checked that one is given, and their ranges.
            let settings = try context.session.saveLockTimes(
                reuseSeconds: context.arguments["--reuse"].flatMap { Int($0) },
                idleMinutes: context.arguments["--idle"].flatMap { Int($0) })
            context.output.line(
                tr(
                    "Unlocks last %d s; the terminal UI locks after %d min idle.", settings.reuseSeconds,
                    settings.idleMinutes))
        },
    ]

    static func enable(_ context: inout Context) throws {
        let method = chosenMethod(context)
        if method == .fingerprint && context.arguments.has("--stdin") {
            // Proving the fingerprint method takes a finger; --stdin waits for none.
            throw CLIError.usage(tr("--stdin cannot prove a fingerprint: run 'checklists lock enable' on a terminal"))
        }
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

    /// `--method` (which the table's rule has checked), else the session's default.
    static func chosenMethod(_ context: Context) -> LockMethod {
        context.arguments["--method"].flatMap(LockMethod.init) ?? context.session.defaultLockMethod()
    }
}
