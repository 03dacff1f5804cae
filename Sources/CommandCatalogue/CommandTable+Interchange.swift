import Arguments
import Localization

extension CommandTable {
    /// `import` and `export`: the iOS app's files, the JSON backup and iCalendar.
    static var interchange: [CommandHelp] {
        let dryRun = OptionHelp(flag: "--dry-run", help: tr("Say what would change; change nothing."), short: "-n")
        let quiet = OptionHelp(flag: "--quiet", help: tr("Print nothing on success."), short: "-q")
        return [
            CommandHelp(
                ["import", "ios"], [Operand("PATH", .directory, variadic: true)], options: [dryRun, quiet],
                summary: tr("Import the iOS app's Checklists.plist, notesData and preferences (files or a folder)."),
                details: [
                    tr("Each file's kind is found from its content. Importing the same files again adds nothing.")
                ]),
            CommandHelp(
                ["import"], [Operand("FILE.json|FILE.ics|DIR", .directory)], options: [dryRun, quiet],
                summary: tr(
                    "Import a JSON backup, an iCalendar file or a folder of them (a vdir: one folder per list)."),
                details: [
                    tr(
                        "A backup restores everything it holds (lists, items and notes with their IDs, uids and times)."
                    ),
                    tr("Restored into a new data directory, exporting again gives the same file."),
                    tr(
                        "VTODOs become items; each folder (or .ics file) becomes a list. Items already here (same uid) are skipped."
                    ),
                    tr("A FILE of - is standard input: gpg -d backup.json.gpg | checklists import -"),
                ]),
            CommandHelp(
                ["export"], [Operand("DIR", .directory, optional: true)],
                options: [
                    OptionHelp("--format", "json|ics", .words(["json", "ics"]), help: tr("What to write.")),
                    OptionHelp(
                        "--output", "FILE", .directory,
                        help: tr("Write the JSON backup to FILE (default: standard output)."),
                        short: "-o"),
                    OptionHelp(flag: "--include-secret", help: tr("Put the secret message in the JSON backup too.")),
                    OptionHelp(flag: "--force", help: tr("Replace FILE if it exists (otherwise it is left as it is).")),
                    quiet, stdin,
                ],
                rules: [
                    OptionRule(.required("--format"), message: tr("give --format json or --format ics")),
                    OptionRule(
                        .oneOf("--format", ["json", "ics"]), message: tr("unknown format \"%@\": give json or ics")),
                ],
                summary: tr("Back everything up as JSON, or write your items as iCalendar to-dos (a vdir)."),
                details: [
                    tr(
                        "--format json: lists, items, notes, tombstones and settings (docs/BACKUP.md) to FILE or standard output;"
                    ),
                    tr("the secret message only with --include-secret. Restore with 'checklists import FILE.json'."),
                    tr(
                        "--format ics DIR: one folder per list, one .ics (VTODO) per item, for todoman, vdirsyncer, Thunderbird."
                    ),
                    tr("The files are not encrypted: anyone who can read them reads your lists."),
                ]),
        ]
    }
}
