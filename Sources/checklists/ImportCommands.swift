import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization

/// `import ios PATH…` and `import FILE.json|FILE.ics|DIR`: everything read and checked first,
/// then added in one transaction (`AppSession.importFile`); nothing is imported from a set
/// with a bad file in it.
enum ImportCommands {
    static let all: [Command] = [
        Command(path: ["import", "ios"]) { context in
            guard !context.positionals.isEmpty else { throw CLIError.usage(tr("missing PATH")) }
            let (session, paths) = (context.session, context.positionals)
            let report = try run(context) { try session.importIOSFiles(paths, dryRun: $0, progress: $1) }
            if report.iOSLockedWithTouchID, !context.arguments.has("--quiet"), !context.json {
                context.output.line(
                    tr(
                        "The iOS app was locked with Touch ID. To lock Checklists too: checklists lock enable --method fingerprint"
                    ))
            }
        },
        Command(path: ["import"]) { context in
            let path = try context.positional(0, "FILE or DIR")
            let session = context.session
            let report = try run(context) { try session.importFile(at: path, dryRun: $0, progress: $1) }
            if report.secretRestored, !context.arguments.has("--quiet"), !context.json {
                context.output.line(tr("The secret message was restored."))
            }
        },
    ]

    /// Runs an import, with a progress bar on a terminal, and says what changed.
    static func run(
        _ context: Context, _ body: (Bool, @escaping (Int, Int) -> Void) throws -> ImportReport
    ) throws -> ImportReport {
        let quiet = context.arguments.has("--quiet")
        let bar = ProgressBar(enabled: !quiet && !context.json, label: tr("Importing"))
        let report = try body(context.arguments.has("--dry-run")) { done, total in bar.show(done, total) }
        bar.finish()
        if context.json || !quiet { try context.show(ImportSummaryJSON(report), report.lines) }
        return report
    }
}
