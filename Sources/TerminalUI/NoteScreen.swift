import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// Note: the title and a multi-line body. Esc saves and goes back (a note needs a title);
/// Ctrl-X goes back without saving.
final class NoteScreen: Screen {
    enum Field { case title, body }

    /// The note being edited; after a save that re-created it (it was deleted elsewhere meanwhile),
    /// the new note, so a later save updates that one.
    private(set) var editing: Note?
    var titleField: TextField
    var body: TextArea
    var focus = Field.title

    init(editing: Note?) {
        self.editing = editing
        titleField = TextField(editing?.title ?? "")
        body = TextArea(editing?.body ?? "")
    }

    var title: String { editing == nil ? tr("New Note") : tr("Note") }
    var section: Section { .notes }
    var capturesText: Bool { true }
    var hints: String { tr("Tab title/body  Esc save and back  Ctrl-X discard") }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let (shown, column) = titleField.visible(width: max(2, canvas.width - 12))
        canvas.put(
            area.lowerBound,
            [Span(focus == .title ? "› " : "  "), Span(CellWidth.fit(tr("Title"), to: 8), .bold), Span(shown, .field)])
        if focus == .title { canvas.cursor = (area.lowerBound, 10 + column) }
        let rows = (area.lowerBound + 2)..<area.upperBound
        let (lines, cursor) = body.visible(width: max(2, canvas.width - 4), height: rows.count)
        for (offset, line) in lines.enumerated() {
            canvas.put(rows.lowerBound + offset, "  " + TerminalText.line(line))
        }
        if focus == .body { canvas.cursor = (rows.lowerBound + cursor.row, 2 + cursor.column) }
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .escape: save(app: app)
        case .control("x"): app.pop()
        case .tab, .backTab: focus = focus == .title ? .body : .title
        case .enter where focus == .title, .down where focus == .title: focus = .body
        default:
            if focus == .title { titleField.handle(key) } else { body.handle(key) }
        }
    }

    /// Another process changed notes: when it changed this note and nothing is typed here yet,
    /// the screen shows the note as stored now (the cursors stay where they were). It kept the
    /// text it had opened with, and Esc after any key saved that over the other change. Typed
    /// text is kept as it is (Esc saves it; a note deleted elsewhere becomes a new one).
    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        guard case .notesChanged(let ids) = change, let shown = editing, ids.isEmpty || ids.contains(shown.id),
            titleField.text == shown.title, body.text == shown.body,
            let found = app.perform({ try app.session.note(id: shown.id) }), let fresh = found,
            fresh.title != shown.title || fresh.body != shown.body
        else { return }
        editing = fresh
        titleField.replaceText(fresh.title)
        body.replaceText(fresh.body)
    }

    /// The UI is ending on a signal, or the lock is about to replace every screen: the typed
    /// text is saved as Esc saves it, but nothing is asked. A cleared title keeps the stored one; a new note without a title takes its body's
    /// first non-blank line; a new note with nothing typed is not made.
    func saveBeforeExit(app: TerminalApp) {
        let firstLine = body.text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !ChecklistStore.isBlank($0) }
        let title = titleField.isBlank ? (editing?.title ?? firstLine ?? "") : titleField.text
        guard let editing else {
            guard !ChecklistStore.isBlank(title) else { return }
            // The screen may stay (a lock that did not come): a later save updates this note.
            if let note = app.perform({ try app.session.addNote(title: title, body: body.text) }) {
                self.editing = note
            }
            return
        }
        guard editing.title != title || editing.body != body.text else { return }
        if let saved = app.perform({ try app.session.saveEditedNote(id: editing.id, title: title, body: body.text) }) {
            self.editing = saved.note
        }
    }

    /// Saves (a title is required) and closes. A note deleted elsewhere while it was open (by
    /// `checklists note delete` in another terminal) gets the text as a new note, as the CLI's
    /// `note edit --edit` does, and the status line says so in the CLI's words.
    func save(app: TerminalApp) {
        guard !titleField.isBlank else {
            app.say(tr("A note needs a title (Ctrl-X discards)."), alert: true)
            return
        }
        guard let editing else {
            if app.perform({ try app.session.addNote(title: titleField.text, body: body.text) }) != nil { app.pop() }
            return
        }
        if editing.title == titleField.text && editing.body == body.text {
            app.pop()
            return
        }
        guard
            let saved = app.perform({
                try app.session.saveEditedNote(id: editing.id, title: titleField.text, body: body.text)
            })
        else { return }
        self.editing = saved.note
        app.pop()
        if saved.isNew {
            app.say(
                tr(
                    "Note %d was deleted while you edited it; saved your text as new note %d: %@", editing.id,
                    saved.note.id, TerminalText.line(saved.note.title)))
        }
    }
}
