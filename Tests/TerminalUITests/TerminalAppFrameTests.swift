import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

@testable import TerminalUI

/// Frames with names and texts wider than the terminal: the name is cut with an ellipsis, and
/// what follows it on the row (a list's status, an item's due date, the undo hint) still shows.
@Suite(.serialized) struct TerminalAppFrameTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    static let longName = "A checklist name that goes on and on, well past the right edge of the terminal window"
    /// 45 wide characters: 90 cells.
    static let wideName = String(repeating: "很长的中文清单名称", count: 5)
    static let due = Date(timeIntervalSince1970: 1_798_189_200)  // 2026-12-25 09:00 UTC

    func makeApp() throws -> TerminalApp {
        let authentication = LAEnvironment(stateDirectory: home, runtimeDirectory: dir.appending("run"))
        let configuration = AppSession.Configuration(
            home: home, authentication: authentication, keychainPreference: "file",
            locale: UserLocale(environment: ["LANG": "en_US.UTF-8"]))
        let app = TerminalApp(
            session: AppSession(configuration: configuration), unicode: true, timeZone: TimeZone(identifier: "UTC")!)
        _ = try app.session.open()
        try app.session.setSetting(.checklistIndex, -1)
        return app
    }

    func lines(_ app: TerminalApp, width: Int = 80) -> [String] {
        app.render(width: width, height: 24).text.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    @Test func longListNamesAreCutSoTheStatusShows() throws {
        let app = try makeApp()
        let long = try app.session.addList(name: Self.longName)
        let wide = try app.session.addList(name: Self.wideName)
        _ = try app.session.addItem(NewItem(text: "Milk"), to: long.id)
        _ = try app.session.addItem(NewItem(text: "Eggs", checked: true), to: wide.id)
        app.start()
        let rows = lines(app)
        let longRow = try #require(rows.first { $0.contains("A checklist name") })
        let wideRow = try #require(rows.first { $0.contains("很长") })
        #expect(longRow.contains("…") && longRow.hasSuffix("1 Remaining"))
        #expect(wideRow.contains("…") && wideRow.hasSuffix("All Done!"))
        #expect(CellWidth.of(longRow) <= 80 && CellWidth.of(wideRow) <= 80)
    }

    @Test func aLongListNameInTheChecklistTitleKeepsItsStatus() throws {
        let app = try makeApp()
        for name in [Self.longName, Self.wideName] {
            let list = try app.session.addList(name: name)
            _ = try app.session.addItem(NewItem(text: "Milk"), to: list.id)
            try app.session.setSetting(.checklistIndex, list.id)
            app.start()
            let title = lines(app)[1]
            #expect(title.contains("…") && title.hasSuffix("(1 Remaining)"), "\(title)")
            #expect(CellWidth.of(title) <= 80)
        }
    }

    @Test func longItemTextIsCutSoTheDueDateShows() throws {
        let app = try makeApp()
        let list = try app.session.addList(name: "Trips")
        _ = try app.session.addItem(NewItem(text: Self.longName, dueDate: Self.due, shouldRemind: true), to: list.id)
        _ = try app.session.addItem(NewItem(text: Self.wideName, dueDate: Self.due), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        let rows = lines(app).filter { $0.contains("[ ]") }
        #expect(rows.count == 2)
        for row in rows {
            #expect(row.contains("…") && row.contains("Dec 25, 2026"), "\(row)")
            #expect(CellWidth.of(row) <= 80)
        }
        #expect(rows.contains { $0.hasSuffix("🔔") })
    }

    /// The status line after a delete names what went; a long name pushed "u to undo." off it.
    @Test func deletingALongItemStillSaysUToUndo() throws {
        let app = try makeApp()
        let list = try app.session.addList(name: "Trips")
        _ = try app.session.addItem(NewItem(text: Self.wideName), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        app.handle(.character("d"))
        let bottom = try #require(lines(app).last)
        #expect(bottom.contains("很长") && bottom.hasSuffix("…”. u to undo."), "\(bottom)")
        #expect(CellWidth.of(bottom) <= 80)
    }

    /// The app after `d`, `y` on a list named `longName` (deleted, its undo offered).
    func appAfterDeletingTheLongNamedList() throws -> TerminalApp {
        let app = try makeApp()
        _ = try app.session.addList(name: Self.longName)
        app.start()
        let lists = try #require(app.stack.first as? ListsScreen)
        lists.scroller.selection = try #require(lists.lists.firstIndex { $0.name == Self.longName })
        app.handle(.character("d"))
        app.handle(.character("y"))
        return app
    }

    @Test func deletingAListWithALongNameStillSaysUToUndo() throws {
        let app = try appAfterDeletingTheLongNamedList()
        let bottom = try #require(lines(app, width: 60).last)
        #expect(bottom.hasPrefix(" Deleted “A checklist") && bottom.hasSuffix("…”. u to undo."), "\(bottom)")
    }

    /// A 30-column terminal: the item's text shows, the due date gives way (the bell stays). The
    /// date took the whole row, and every item read "[ ] …  Dec 24, 2026 at 9:0".
    @Test func aNarrowTerminalShowsTheItemsTextBeforeItsDueDate() throws {
        let app = try makeApp()
        let list = try app.session.addList(name: "Bills")
        _ = try app.session.addItem(
            NewItem(text: "Pay the electricity", dueDate: Self.due, shouldRemind: true), to: list.id)
        _ = try app.session.addItem(NewItem(text: "牛奶和面包", dueDate: Self.due), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        let rows = lines(app, width: 30).filter { $0.contains("[ ]") }
        #expect(rows.count == 2)
        #expect(rows.contains { $0.contains("Pay the electricity") && $0.hasSuffix("🔔") })
        #expect(rows.contains { $0.contains("牛奶和面包") })
        #expect(rows.allSatisfy { CellWidth.of($0) <= 30 })
        // Where there is room, the date shows.
        #expect(lines(app, width: 80).filter { $0.contains("Dec 25, 2026") }.count == 2)
    }

    /// Search on a 30-column terminal: the matching item's text shows; its list's name gives way.
    @Test func aNarrowTerminalShowsTheMatchingItemsTextInSearch() throws {
        let app = try makeApp()
        let list = try app.session.addList(name: "Household bills and payments")
        _ = try app.session.addItem(NewItem(text: "Pay the electricity"), to: list.id)
        app.start()
        app.handle(.character("/"))
        for c in "electricity" { app.handle(.character(c)) }
        let row = try #require(lines(app, width: 30).first { $0.contains("[ ]") })
        #expect(row.contains("Pay the el"), "\(row)")
        #expect(CellWidth.of(row) <= 30)
        let wide = try #require(lines(app, width: 80).first { $0.contains("[ ]") })
        #expect(wide.contains("Pay the electricity") && wide.contains("Household bills"), "\(wide)")
    }

    /// `u` after deleting a long-named list: the line says the whole of "Restored “…”." (the name
    /// was cut at the edge with the closing quote, as if the message went on).
    @Test func undoingTheDeleteOfALongNameSaysItWasRestored() throws {
        let app = try appAfterDeletingTheLongNamedList()
        app.handle(.character("u"))
        let bottom = try #require(lines(app, width: 60).last)
        #expect(bottom.hasPrefix(" Restored “A checklist") && bottom.hasSuffix("…”."), "\(bottom)")
    }
}
