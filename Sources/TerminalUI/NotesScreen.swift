import ChecklistsApp
import ChecklistsKit
import Localization
import TerminalText

/// Notes: every note's title; Enter opens the Note editor.
final class NotesScreen: Screen {
    private(set) var notes: [Note] = []
    var scroller = Scroller()

    init(app: TerminalApp) {
        reload(app: app)
    }

    var title: String { tr("Notes") }
    var section: Section { .notes }
    var hints: String { tr("Enter open  a add  d delete  u undo  Tab sections  q quit") }

    /// Refetches the notes; the selected note stays selected wherever it moved (newest first,
    /// another process's note comes in above it).
    func reload(app: TerminalApp) {
        let selectedID = notes.indices.contains(scroller.selection) ? notes[scroller.selection].id : nil
        notes = app.perform { try app.session.notes() } ?? notes
        scroller.setCount(notes.count)
        if let selectedID, let index = notes.firstIndex(where: { $0.id == selectedID }) { scroller.selection = index }
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        guard !notes.isEmpty else {
            canvas.put(area.lowerBound + 1, "   " + tr("No notes. Press a to add one."), .dim)
            return
        }
        for (offset, index) in scroller.visible(height: area.count).enumerated() {
            let note = notes[index]
            let isSelected = index == scroller.selection
            let text = " \(isSelected ? app.glyphs.pointer : " ") " + TerminalText.line(note.title)
            canvas.put(
                area.lowerBound + offset, CellWidth.fit(text, to: canvas.width), isSelected ? .selected : .normal)
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        let note = notes.indices.contains(scroller.selection) ? notes[scroller.selection] : nil
        switch key {
        case .enter, .character("e"):
            // The list holds titles only: the body is decrypted when the note is opened.
            if let note, let full = app.perform({ try app.session.withStore { try $0.note(id: note.id) } }) {
                if let full { app.push(NoteScreen(editing: full)) }
            }
        case .character("a"): app.push(NoteScreen(editing: nil))
        case .character("d"):
            guard let listed = note,
                let found = app.perform({ try app.session.withStore { try $0.note(id: listed.id) } }),
                let note = found
            else { return }
            app.push(
                ConfirmScreen(
                    question: tr("Delete the note “%@”?", ConfirmScreen.shortened(note.title)), section: .notes
                ) { app in
                    guard app.perform({ try app.session.withStore { try $0.deleteNote(id: note.id) } }) != nil else {
                        return
                    }
                    app.undo = .note(note)
                    app.sayDeleted(note.title)
                    self.reload(app: app)
                })
        case _ where key.isBack: app.quit()
        default: break
        }
    }

    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        if case .notesChanged = change { reload(app: app) }
    }

    func reappeared(app: TerminalApp) { reload(app: app) }
}
