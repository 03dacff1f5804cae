import Arguments
import ChecklistsKit
import Localization

/// The one description of the CLI: every command, its arguments, options and help texts.
/// `--help`, `checklists help`, the man page, the shell completions and the parser's specs are
/// all made from it, so they cannot drift apart. A library (not the executable's own code) so
/// that anything else that describes the CLI (a generator, a front end's help, a test) reads
/// the same table.
public enum CommandTable {
    /// Built on first use, after `Localization.setUp()`, so that its texts are translated.
    public static let shared = make()

    /// The hidden command behind the shell completions (`checklists __complete WORD… CURRENT`).
    public static let completionCommand = "__complete"

    /// The table, its texts in the current language.
    public static func make() -> HelpTable {
        var labels = HelpTable.Labels()
        labels.usage = tr("Usage:")
        labels.commands = tr("Commands:")
        labels.options = tr("Options:")
        labels.commonOptions = tr("Options for every command:")
        return HelpTable(
            program: "checklists", summary: tr("Checklists — private to-do lists and notes."),
            defaultAction: tr("With no command: shows your lists."),
            commands: checklists + items + search + notes + reminders + authentication + interchange + meta,
            globalOptions: globalOptions, programOptions: [version], footer: [exitStatusLine], sections: sections,
            labels: labels)
    }

    static var globalOptions: [OptionHelp] {
        [
            OptionHelp(flag: "--json", help: tr("Print JSON for scripts (keys sorted; exact text).")),
            OptionHelp(
                "--home", "DIR", .directory,
                help: tr("The data directory (default $CHECKLISTS_HOME, else $XDG_DATA_HOME/checklists).")),
            OptionHelp(
                "--keychain", "auto|secret-service|file", .words(["auto", "secret-service", "file"]),
                help: tr("Where secrets are kept: the desktop keyring, an encrypted file vault, or the best available.")
            ),
            OptionHelp(flag: "--help", help: tr("Show help for the command."), short: "-h"),
        ]
    }

    /// `--stdin` on every command that may ask for the app passcode or a password without its
    /// standard input carrying data: scripts answer those prompts one line each.
    static var stdin: OptionHelp {
        OptionHelp(
            flag: "--stdin",
            help: tr("Read each passcode or password asked (the app lock's first) from standard input, one per line."))
    }

    static var version: OptionHelp { OptionHelp(flag: "--version", help: tr("Show the version and the commit.")) }

    static var exitStatusLine: String {
        tr("Exit status: 0 ok, 1 not found or refused, 2 bad usage or input, 3 storage error.")
    }

    static var checklists: [CommandHelp] {
        let icon = OptionHelp(
            "--icon", "ICON", .icon, help: tr("The list's icon, e.g. groceries (see 'checklists icons')."))
        return [
            CommandHelp(["lists"], summary: tr("Show every checklist, sorted by name, with its status.")),
            CommandHelp(
                ["list", "add"], [Operand("NAME|-", variadic: true)], options: [icon],
                summary: tr("Create a checklist."),
                details: [
                    tr("New lists get the icon \"No Icon\"; see 'checklists icons'."),
                    tr("NAME - reads the name from standard input (kept out of the process list)."),
                ]),
            CommandHelp(
                ["list", "edit"], [Operand("LIST", .list, variadic: true)],
                options: [
                    OptionHelp("--name", "NEW|-", help: tr("The new name; - reads it from standard input.")), icon,
                ],
                summary: tr("Rename a checklist or change its icon."),
                details: [tr("LIST is the list's ID or its name (case-insensitive).")]),
            CommandHelp(
                ["list", "delete"], [Operand("LIST", .list, variadic: true)],
                summary: tr("Delete a checklist and all its items.")),
            CommandHelp(["icons"], summary: tr("Show the icons a checklist can have.")),
        ]
    }

    static var items: [CommandHelp] {
        let due = OptionHelp(
            "--due", "WHEN", help: tr("Due date: 2026-12-01 09:30, tomorrow 9am, friday 18:00, in 2 hours, dec 24…"))
        let remind = OptionHelp(flag: "--remind", help: tr("Remind me at the due date."))
        let id = Operand("ID", .item)
        let when = tr("WHEN: %@", DueDate.acceptedForms)
        return [
            CommandHelp(
                ["items"], [Operand("LIST", .list, optional: true, variadic: true)],
                summary: tr("Show a checklist's items (default: the list opened last)."),
                details: [
                    tr("Checkmark on the left, then the item ID and text, the due date, and 🔔 when a reminder is set."),
                    tr("On a terminal, overdue items are red and checked ones dimmed (not with NO_COLOR set)."),
                ]),
            CommandHelp(
                ["item", "add"], [Operand("LIST", .list), Operand("TEXT|-", variadic: true)],
                options: [due, remind, OptionHelp(flag: "--checked", help: tr("Add the item already checked."))],
                summary: tr("Add an item to a checklist."),
                details: [
                    tr("TEXT - reads standard input: one item per line (blank lines skipped), all added at once."),
                    tr("Put -- before text that starts with a dash."), when,
                ]),
            CommandHelp(
                ["item", "edit"], [id],
                options: [
                    OptionHelp("--text", "TEXT|-", help: tr("The new text; - reads it from standard input.")), due,
                    OptionHelp(flag: "--no-due", help: tr("Remove the due date.")), remind,
                    OptionHelp(flag: "--no-remind", help: tr("Turn the reminder off.")),
                ],
                summary: tr("Change an item in place; it keeps its ID."), details: [when]),
            CommandHelp(["item", "toggle"], [id], summary: tr("Check an unchecked item, or uncheck a checked one.")),
            CommandHelp(["item", "check"], [id], summary: tr("Check an item.")),
            CommandHelp(["item", "uncheck"], [id], summary: tr("Uncheck an item.")),
            CommandHelp(["item", "delete"], [id], summary: tr("Delete an item.")),
        ]
    }

    static var search: [CommandHelp] {
        [
            CommandHelp(
                ["search"], [Operand("TEXT", variadic: true)],
                summary: tr("Find the items whose text contains TEXT, in every checklist."),
                details: [
                    tr("Letter case and accents do not count; items show under their checklists, as items shows them."),
                    tr("Exit status 1 when no item matches."),
                ])
        ]
    }

    static var notes: [CommandHelp] {
        let title = OptionHelp("--title", "TITLE|-", help: tr("The title; - reads it from standard input."))
        let body = OptionHelp("--body", "TEXT|-", help: tr("The body; - reads it from standard input."))
        let edit = OptionHelp(
            flag: "--edit", help: tr("Open $VISUAL or $EDITOR (default vi): title, a blank line, then the body."))
        let id = Operand("ID", .note)
        return [
            CommandHelp(["notes"], summary: tr("List your notes, newest first.")),
            CommandHelp(
                ["note", "add"], [Operand("TITLE", optional: true, variadic: true)], options: [title, body, edit],
                summary: tr("Write a new note."),
                details: [
                    tr("The title is TITLE or --title (not both); only one of --title and --body can be -.")
                ]),
            CommandHelp(["note", "show"], [id], summary: tr("Show a note.")),
            CommandHelp(["note", "edit"], [id], options: [title, body, edit], summary: tr("Change a note in place.")),
            CommandHelp(["note", "delete"], [id], summary: tr("Delete a note.")),
            CommandHelp(["secret"], options: [stdin], summary: tr("Show the secret message (after you authenticate).")),
            CommandHelp(
                ["secret", "set"], options: [OptionHelp(flag: "--edit", help: tr("Edit the secret in your editor."))],
                summary: tr("Replace the secret message with standard input, or edit it in your editor.")),
            CommandHelp(["secret", "clear"], options: [stdin], summary: tr("Remove the secret message.")),
        ]
    }

    static var reminders: [CommandHelp] {
        let onOff = ValueKind.words(["on", "off"])
        return [
            CommandHelp(["reminders"], summary: tr("List the reminders that will fire, soonest first.")),
            CommandHelp(
                ["settings"],
                [
                    Operand(
                        "notifications|item-text|all-day-hour", .words(["notifications", "item-text", "all-day-hour"]),
                        optional: true),
                    Operand("on|off|HOUR", onOff, optional: true),
                ],
                summary: tr("Show or change whether reminders show as notifications, and with the item's text."),
                details: [
                    tr(
                        "all-day-hour HOUR (0-23, default 9): when an item given a day without a time is due and reminds."
                    )
                ]),
            CommandHelp(
                ["agent"], summary: tr("Run the reminder agent in the foreground (for systemd or a terminal).")),
            CommandHelp(["agent", "install"], summary: tr("Install and start the agent as a systemd user service.")),
            CommandHelp(["agent", "uninstall"], summary: tr("Stop and remove the agent's service.")),
            CommandHelp(["agent", "status"], summary: tr("Whether the agent runs, and the next reminder.")),
        ]
    }
}
