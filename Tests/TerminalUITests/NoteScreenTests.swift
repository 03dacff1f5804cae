import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

@testable import TerminalUI

/// The Note screen driven by keys against a real session on a temporary store (lock off), read
/// back as 80×24 frames.
@Suite(.serialized) struct NoteScreenTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    func makeApp() throws -> TerminalApp {
        let configuration = AppSession.Configuration(
            home: home, authentication: LAEnvironment(stateDirectory: home, runtimeDirectory: dir.appending("run")),
            keychainPreference: "file", locale: UserLocale(environment: ["LANG": "en_US.UTF-8"]))
        let app = TerminalApp(
            session: AppSession(configuration: configuration), unicode: true, timeZone: TimeZone(identifier: "UTC")!)
        _ = try app.session.open()
        try app.session.setSetting(.checklistIndex, -1)
        return app
    }

    func frame(_ app: TerminalApp) -> String { app.render(width: 80, height: 24).text }

    /// The note deleted while its screen is open (another process would do it the same way):
    /// Esc keeps the text in one new note and says so; opening that note and saving again
    /// updates it.
    @Test func aNoteDeletedWhileOpenIsSavedAsOneNewNote() throws {
        let app = try makeApp()
        let note = try app.session.addNote(title: "Draft", body: "old")
        app.start()
        app.handle(.tab)
        app.handle(.enter)
        #expect(frame(app).contains("old"))
        try app.session.deleteNote(id: note.id)
        app.handle(.tab)
        for c in "new " { app.handle(.character(c)) }
        app.handle(.escape)
        let saved = try #require(try app.session.notes().first)
        #expect(
            frame(app).contains(
                "Note \(note.id) was deleted while you edited it; saved your text as new note \(saved.id): Draft"))
        #expect(try app.session.notes().map(\.id) == [saved.id])
        #expect(try app.session.note(id: saved.id)?.body == "new old")

        app.handle(.enter)
        app.handle(.tab)
        for c in "again " { app.handle(.character(c)) }
        app.handle(.escape)
        #expect(!frame(app).contains("was deleted"))
        #expect(try app.session.notes().map(\.id) == [saved.id])
        #expect(try app.session.note(id: saved.id)?.body == "again new old")
    }

    /// Another process adds a note (listed first, as the newest) while the Notes screen has one
    /// selected: the selection stays on that note, so Enter or d acts on the note the user chose.
    /// It kept its row number and moved to the note above. The delete question marks the Notes
    /// tab (it marked Checklists).
    @Test func theSelectedNoteStaysSelectedWhenAnotherProcessAddsOne() throws {
        let app = try makeApp()
        _ = try app.session.addNote(title: "Older", body: "")
        _ = try app.session.addNote(title: "Newer", body: "")
        app.start()
        app.handle(.tab)
        app.handle(.down)
        #expect(frame(app).contains("› Older"))
        _ = try app.session.addNote(title: "Newest", body: "")
        app.handle(.changed(.notesChanged([])))
        #expect(frame(app).contains("› Older"), "\(frame(app))")
        app.handle(.character("d"))
        #expect(frame(app).contains("Delete the note “Older”?"), "\(frame(app))")
        #expect(frame(app).contains("[2 Notes]"), "\(frame(app))")
    }

    /// Another process changes the open note while nothing is typed in it: the screen shows the
    /// change, and what is typed next goes on from it. The screen kept the text it had opened
    /// with, and Esc after any key saved that over the other process's change.
    @Test func aNoteChangedElsewhereWhileOpenShowsTheChange() throws {
        let app = try makeApp()
        let note = try app.session.addNote(title: "Draft", body: "old body")
        app.start()
        app.handle(.tab)
        app.handle(.enter)
        #expect(frame(app).contains("old body"))
        _ = try app.session.editNote(id: note.id, title: "Plan", body: "new body")
        app.handle(.changed(.notesChanged([note.id])))
        #expect(frame(app).contains("Plan") && frame(app).contains("new body"), "\(frame(app))")
        app.handle(.tab)
        app.handle(.end)
        for c in " typed" { app.handle(.character(c)) }
        app.handle(.escape)
        #expect(try app.session.note(id: note.id)?.title == "Plan")
        #expect(try app.session.note(id: note.id)?.body == "new body typed")
    }

    /// The UI ends on a signal (the terminal closed, SIGTERM, Ctrl-C) while a new note is typed:
    /// it is saved as Esc saves it, without a question, so a note with no title yet takes its
    /// body's first line as the title. An edited note with its title cleared keeps the old one.
    @Test func endingOnASignalSavesTheNoteBeingTyped() throws {
        let app = try makeApp()
        let old = try app.session.addNote(title: "Kept title", body: "one")
        app.start()
        app.handle(.tab)
        app.handle(.character("a"))
        app.handle(.tab)
        app.handle(.enter)
        for c in "  Shopping" { app.handle(.character(c)) }
        app.handle(.enter)
        for c in "bread" { app.handle(.character(c)) }
        app.saveBeforeExit()
        let added = try #require(try app.session.notes().first { $0.id != old.id })
        #expect(added.title == "Shopping")
        #expect(try app.session.note(id: added.id)?.body == "\n  Shopping\nbread")

        app.start()
        app.handle(.tab)
        app.stack.append(NoteScreen(editing: try #require(try app.session.note(id: old.id))))
        for _ in 0..<12 { app.handle(.backspace) }
        app.handle(.tab)
        for c in " two" { app.handle(.character(c)) }
        app.saveBeforeExit()
        #expect(try app.session.note(id: old.id)?.title == "Kept title")
    }
}
