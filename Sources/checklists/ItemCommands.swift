import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Localization
import TerminalText

/// `items`, `item add|edit|toggle|check|uncheck|delete`: the items of a checklist.
enum ItemCommands {
    static let all: [Command] = [
        Command(path: ["items"]) { context in
            let session = try context.content()
            let list: Checklist
            if context.positionals.isEmpty {
                guard let last = try session.lastOpenedList() else {
                    throw CLIError.refused(tr("No checklists. Add one with: checklists list add NAME"))
                }
                list = last
            } else {
                list = try session.list(try context.rest(from: 0, "LIST"))
                session.rememberOpenedList(list.id)
            }
            let read = try session.readItems(in: list.id)
            let items = read.items
            if items.contains(where: { $0.dueDate != nil }) { _ = try context.session.timeZone() }
            if context.json {
                try context.output.json(items.map(ItemJSON.init))
            } else {
                context.output.line("\(list.icon.glyph) \(TerminalText.line(list.name)) — \(list.status.localizedText)")
                let idWidth = items.map { String($0.id).count }.max() ?? 1
                let dates = DueDate.Display(locale: context.locale.time)
                let now = Date()
                for item in items {
                    context.output.line(
                        line(for: item, idWidth: idWidth, dates: dates), style: style(of: item, now: now))
                }
            }
            guard read.undecryptable.isEmpty else {
                let count = read.undecryptable.count
                throw CLIError(
                    message: trn(
                        "%d item of %@ could not be decrypted (ID %@); the others are shown",
                        "%d items of %@ could not be decrypted (ID %@); the others are shown", count,
                        TerminalText.line(list.name), read.undecryptable.map(String.init).joined(separator: ", ")),
                    code: .storage)
            }
        },
        Command(path: ["item", "add"]) { context in
            let reference = try context.positional(0, "LIST")
            let text = try context.rest(from: 1, "TEXT")
            let due = try context.arguments["--due"].map { try context.session.dueEntry(from: $0) }
            let lines = text == "-" ? try StandardInput.lines() : [text]
            if lines.isEmpty { throw ChecklistsError.emptyItemText }
            let session = try context.content()
            let list = try session.list(reference)
            let items = try session.addItems(
                lines.map {
                    NewItem(
                        text: $0, checked: context.arguments.has("--checked"), dueDate: due?.date,
                        isAllDay: due?.isAllDay ?? false, shouldRemind: context.arguments.has("--remind"))
                }, to: list.id)
            if text == "-" {
                try showAdded(items, to: list, &context)
            } else if let item = items.first {
                try show(item, remind: true, &context) {
                    tr("Added item %d to %@: %@", item.id, TerminalText.line(list.name), $0)
                }
            }
        },
        Command(path: ["item", "edit"]) { context in
            let id = try itemID(context)
            let a = context.arguments
            if a["--due"] != nil && a.has("--no-due") { throw CLIError.usage(tr("give either --due or --no-due")) }
            if a.has("--remind") && a.has("--no-remind") {
                throw CLIError.usage(tr("give either --remind or --no-remind"))
            }
            var changes = ItemChanges()
            changes.text = try a["--text"].map(StandardInput.resolve)
            if let due = a["--due"] {
                let entry = try context.session.dueEntry(from: due)
                changes.dueDate = .some(entry.date)
                changes.isAllDay = entry.isAllDay
            }
            if a.has("--no-due") { changes.dueDate = .some(nil) }
            if a.has("--remind") { changes.shouldRemind = true }
            if a.has("--no-remind") { changes.shouldRemind = false }
            guard changes != ItemChanges() else {
                throw CLIError.usage(tr("nothing to change: give --text, --due, --no-due, --remind or --no-remind"))
            }
            let item = try context.content().editItem(id: id, changes)
            try show(item, remind: true, &context) { tr("Saved item %d: %@", item.id, $0) }
        },
        checkCommand("toggle") { session, id in try session.toggleItem(id: id) },
        checkCommand("check") { session, id in try session.setChecked(id: id, true) },
        checkCommand("uncheck") { session, id in try session.setChecked(id: id, false) },
        Command(path: ["item", "delete"]) { context in
            let item = try context.content().deleteItem(id: try itemID(context))
            try context.show(ItemJSON(item), [tr("Deleted item %d: %@", item.id, TerminalText.line(item.text))])
        },
    ]

    static func checkCommand(
        _ verb: String, _ change: @escaping @Sendable (AppSession, Int64) throws -> ChecklistItem
    ) -> Command {
        Command(path: ["item", verb]) { context in
            let item = try change(try context.content(), try itemID(context))
            // Only adding or editing can turn a reminder on; toggles say nothing about it.
            try show(item, remind: false, &context) {
                item.checked ? tr("Checked item %d: %@", item.id, $0) : tr("Unchecked item %d: %@", item.id, $0)
            }
        }
    }

    /// The ID in the first operand (`note` for a note's, so that the message names the right thing),
    /// accepted only in the form the CLI prints it (`RecordID`).
    /// - Throws: A usage error for any other form; not found for a number too large for any ID.
    static func itemID(_ context: Context, note: Bool = false) throws -> Int64 {
        let text = try context.positional(0, "ID")
        switch RecordID(text) {
        case .id(let id):
            return id
        case .outOfRange:
            throw CLIError(
                message: note ? tr("No note with ID %@.", text) : tr("No item with ID %@.", text), code: .refused)
        case .signedOrPadded:
            throw CLIError.usage(
                note
                    ? tr("note ID must be digits only, without a sign or leading zeros, not \"%@\"", text)
                    : tr("item ID must be digits only, without a sign or leading zeros, not \"%@\"", text))
        case .notANumber:
            throw CLIError.usage(
                note
                    ? tr("note ID must be a number, not \"%@\"", text)
                    : tr("item ID must be a number, not \"%@\"", text))
        }
    }

    /// Checked items dimmed, unchecked ones past their due date red (on a terminal).
    static func style(of item: ChecklistItem, now: Date) -> Output.Style? {
        if item.checked { return .done }
        if item.isOverdue(at: now) { return .overdue }
        return nil
    }

    static func line(for item: ChecklistItem, idWidth: Int, dates: DueDate.Display) -> String {
        let id = TextWidth.rightAligned(item.id, to: idWidth)
        var text = "\(item.checked ? "[✓]" : "[ ]") \(id)  \(TerminalText.line(item.text))"
        if let due = item.dueDate { text += "  " + tr("(due %@)", dates.string(due, allDay: item.isAllDay)) }
        if item.shouldRemind { text += " 🔔" }
        return text
    }

    /// `item add LIST -`: every added item (a JSON array), then the reminder note once.
    static func showAdded(_ items: [ChecklistItem], to list: Checklist, _ context: inout Context) throws {
        if context.json {
            try context.output.json(items.map(ItemJSON.init))
        } else {
            let dates = DueDate.Display(locale: context.locale.time)
            let width = items.map { String($0.id).count }.max() ?? 1
            context.output.line(
                trn("Added %d item to %@:", "Added %d items to %@:", items.count, TerminalText.line(list.name)))
            for item in items { context.output.line(line(for: item, idWidth: width, dates: dates)) }
        }
        guard let first = items.first, first.shouldRemind else { return }
        try ReminderCommands.remindNote(first, context)
    }

    /// Prints `message` around the item's line (or the item as JSON), then, when `remind` (an
    /// add or an edit) and the item has a reminder, whether that reminder can fire.
    static func show(
        _ item: ChecklistItem, remind: Bool, _ context: inout Context, message: (String) -> String
    ) throws {
        if item.dueDate != nil { _ = try context.session.timeZone() }
        let dates = DueDate.Display(locale: context.locale.time)
        try context.show(ItemJSON(item), [message(line(for: item, idWidth: 1, dates: dates))])
        guard item.shouldRemind, remind else { return }
        try ReminderCommands.remindNote(item, context)
    }
}
