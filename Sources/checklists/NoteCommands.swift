import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Localization
import TerminalText
import TextEditing

/// `notes`, `note add|show|edit|delete`. Notes need an unlocked session.
enum NoteCommands {
    static var reason: String { tr("Authentication is needed to access your notes.") }

    static let all: [Command] = [
        Command(path: ["notes"]) { context in
            let notes = try context.content(reason: reason).notes()
            if context.json {
                try context.output.json(notes.map(NoteSummaryJSON.init))
                return
            }
            if notes.isEmpty { context.output.line(tr("No notes. Add one with: checklists note add --title TITLE")) }
            let dates = DueDate.Display(locale: context.locale.time)
            let width = notes.map { String($0.id).count }.max() ?? 1
            for note in notes {
                let id = TextWidth.rightAligned(note.id, to: width)
                context.output.line("\(id)  \(dates.string(note.modified))  \(TerminalText.line(note.title))")
            }
        },
        Command(path: ["note", "add"]) { context in
            try checkStandardInput(context)
            let words = context.positionals.isEmpty ? nil : try context.rest(from: 0, "TITLE")
            if words != nil, context.arguments["--title"] != nil {
                throw CLIError.usage(tr("give the title either as TITLE or with --title"))
            }
            var title = try words ?? context.arguments["--title"].map(StandardInput.resolve) ?? ""
            var body = try bodyArgument(context) ?? ""
            if context.arguments.has("--edit") {
                guard let edited = try editNote(title: title, body: body, context) else { return }
                (title, body) = edited
            }
            if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ChecklistsError.emptyNoteTitle }
            let note = try context.content(reason: reason).addNote(title: title, body: body)
            try context.show(NoteJSON(note), [tr("Added note %d: %@", note.id, TerminalText.line(note.title))])
        },
        Command(path: ["note", "show"]) { context in
            let id = try ItemCommands.itemID(context, note: true)
            guard let note = try context.content(reason: reason).note(id: id) else {
                throw ChecklistsError.noteNotFound(id)
            }
            let title = TerminalText.line(note.title)
            let rule = String(repeating: "─", count: max(3, TextWidth.of(title, upTo: 60)))
            // The body keeps its lines and tabs; every other control character is shown escaped.
            try context.show(
                NoteJSON(note), [title, rule] + (note.body.isEmpty ? [] : [TerminalText.block(note.body)]))
        },
        Command(path: ["note", "edit"]) { context in
            let id = try ItemCommands.itemID(context, note: true)
            try checkStandardInput(context)
            let title = try context.arguments["--title"].map(StandardInput.resolve)
            let body = try bodyArgument(context)
            guard title != nil || body != nil || context.arguments.has("--edit") else {
                throw CLIError.usage(tr("nothing to change: give --title, --body or --edit"))
            }
            if let t = title, t.trimmingCharacters(in: .whitespaces).isEmpty { throw ChecklistsError.emptyNoteTitle }
            let session = try context.content(reason: reason)
            if context.arguments.has("--edit") {
                guard let note = try session.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
                guard let edited = try editNote(title: title ?? note.title, body: body ?? note.body, context) else {
                    return
                }
                if edited.title.trimmingCharacters(in: .whitespaces).isEmpty { throw ChecklistsError.emptyNoteTitle }
                // The note may have been deleted while the editor ran: the text then becomes a new note.
                let saved = try session.saveEditedNote(id: id, title: edited.title, body: edited.body)
                let shown = TerminalText.line(saved.note.title)
                guard saved.isNew else {
                    try context.show(NoteJSON(saved.note), [tr("Saved note %d: %@", saved.note.id, shown)])
                    return
                }
                let line = tr(
                    "Note %d was deleted while you edited it; saved your text as new note %d: %@", id, saved.note.id,
                    shown)
                if context.json { Output.error("checklists: " + line) }
                try context.show(NoteJSON(saved.note), [line])
                return
            }
            let note = try session.editNote(id: id, title: title, body: body)
            try context.show(NoteJSON(note), [tr("Saved note %d: %@", note.id, TerminalText.line(note.title))])
        },
        Command(path: ["note", "delete"]) { context in
            let note = try context.content(reason: reason).deleteNote(id: try ItemCommands.itemID(context, note: true))
            try context.show(NoteJSON(note), [tr("Deleted note %d: %@", note.id, TerminalText.line(note.title))])
        },
    ]

    /// `--body TEXT`, or `--body -` for standard input; nil when not given.
    static func bodyArgument(_ context: Context) throws -> String? {
        guard let body = context.arguments["--body"] else { return nil }
        if context.arguments.has("--edit") { throw CLIError.usage(tr("give either --body or --edit")) }
        return try StandardInput.resolve(body)
    }

    /// Standard input is read once, and the editor needs the terminal: at most one `-`, and none with `--edit`.
    static func checkStandardInput(_ context: Context) throws {
        let a = context.arguments
        try StandardInput.expectAtMostOne(["--title": a["--title"], "--body": a["--body"]])
        if a.has("--edit") && a["--title"] == "-" { throw CLIError.usage(tr("give either --title - or --edit")) }
    }

    /// The title and body after the editor, or nil when the editor failed (nothing changes).
    static func editNote(title: String, body: String, _ context: Context) throws -> (title: String, body: String)? {
        Editor.splitNote(try context.edit("\(title)\n\n\(body)"))
    }
}
