import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import Interchange
import Localization
import TerminalText

/// `export --format json [-o FILE] [--include-secret]` and `export --format ics DIR`: the
/// session writes the files (`AppSession.exportBackup`, `exportCalendar`); this says what was
/// written and that it is unencrypted.
enum ExportCommands {
    static let all: [Command] = [
        Command(path: ["export"]) { context in
            // The table's rules have checked that --format is json or ics.
            if context.arguments["--format"] == "ics" { try exportCalendar(&context) } else { try exportJSON(&context) }
        }
    ]

    static func exportJSON(_ context: inout Context) throws {
        try context.expectPositionals(atMost: 0)
        let secret = context.arguments.has("--include-secret")
        guard let path = context.arguments["--output"], path != "-" else {
            let data = try context.session.backup(includingSecret: secret).data
            // Exact bytes: the line writer's escaping would alter bidi marks and C1 controls in texts.
            context.output.flush()
            try Output.writeAll(1, Array(data), path: tr("standard output"))
            warn(context, path: nil)
            return
        }
        let snapshot: StoreSnapshot
        do {
            snapshot = try context.session.exportBackup(
                to: path, includingSecret: secret, replacing: context.arguments.has("--force"))
        } catch ExportFileError.fileExists {
            throw CLIError.usage(tr("%@ already exists; give --force to replace it", TerminalText.line(path)))
        }
        if !context.arguments.has("--quiet") {
            context.output.line(
                tr(
                    "Wrote %@: %@, %@ and %@.", TerminalText.line(path),
                    trn("%d list", "%d lists", snapshot.lists.count),
                    trn("%d item", "%d items", snapshot.items.count), trn("%d note", "%d notes", snapshot.notes.count)))
        }
        warn(context, path: path)
    }

    static func exportCalendar(_ context: inout Context) throws {
        if context.arguments["--output"] != nil || context.arguments.has("--include-secret")
            || context.arguments.has("--force")
        {
            throw CLIError.usage(
                tr(
                    "--format ics takes a new or empty folder (export --format ics DIR), without -o, --include-secret or --force"
                ))
        }
        let folder = try context.positional(0, "DIR")
        let bar = ProgressBar(enabled: !context.arguments.has("--quiet") && !context.json, label: tr("Exporting"))
        defer { bar.finish() }
        let snapshot = try context.session.exportCalendar(to: folder) { bar.show($0, $1) }
        bar.finish()
        if !context.arguments.has("--quiet") {
            context.output.line(
                tr(
                    "Wrote %@ to %@ (one folder per list).", trn("%d to-do", "%d to-dos", snapshot.items.count),
                    TerminalText.line(folder))
            )
        }
        warn(context, path: folder)
    }

    /// Paths are shown on one line (a newline in one is shown as `\n`, not obeyed).
    /// Says that what was written is not encrypted (on standard error, so that it never mixes
    /// with a backup written to standard output).
    static func warn(_ context: Context, path: String?) {
        guard !context.arguments.has("--quiet") else { return }
        Output.error(
            path.map {
                tr(
                    "checklists: %@ is not encrypted: anyone who can read it can read your lists.",
                    TerminalText.line($0))
            }
                ?? tr("checklists: this backup is not encrypted: anyone who can read it can read your lists."))
    }
}
