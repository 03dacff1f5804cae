import Foundation
import TestSupport
import Testing

/// The built binary in tmux while another process deletes what the user is editing: the typed
/// text of a note is never lost, and an item's form says what happened.
@Suite(.serialized) struct TerminalUIEditRaceTests {
    let dir = TemporaryDirectory("checklists-tui-race")
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// `checklists` on a terminal wide enough for the whole status line.
    func start() throws -> TmuxSession {
        var env = cli.environment
        env["TERM"] = "screen"  // what tmux itself emulates, so its key sequences match
        let tui = try TmuxSession([CLIRunner.binary], environment: env, socket: dir.appending("tmux"), width: 120)
        try tui.waitFor("? help")
        return tui
    }

    func notes() throws -> [[String: Any]] {
        let result = try cli.run("notes", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// `checklists note delete 1` in another terminal while note 1 is open: Esc saves the typed
    /// text as one new note and the status line says so in the CLI's words; editing that note
    /// again updates it (no note per save).
    @Test func aNoteDeletedElsewhereWhileOpenKeepsTheTypedTextInOneNewNote() throws {
        try cli.run("note", "add", "--title", "Draft", "--body", "old body")
        let tui = try start()
        try tui.press("Tab")
        try tui.waitFor("Draft")
        try tui.press("Enter")
        try tui.waitFor("old body")
        #expect(try cli.run("note", "delete", "1").status == 0)
        try tui.press("Tab")
        try tui.type("typed ")
        try tui.press("Escape")
        try tui.waitFor("Note 1 was deleted while you edited it; saved your text as new note 2: Draft")
        let saved = try notes()
        #expect(saved.map { $0["id"] as? Int } == [2])
        #expect(try cli.run("note", "show", "2").stdout == "Draft\n─────\ntyped old body\n")

        try tui.press("Enter")
        try tui.waitFor("typed old body")
        try tui.press("Tab")
        try tui.type("again ")
        try tui.press("Escape")
        try tui.waitFor("Enter open")
        #expect(try notes().map { $0["id"] as? Int } == [2])
        #expect(try cli.run("note", "show", "2").stdout == "Draft\n─────\nagain typed old body\n")
    }

    /// An item deleted elsewhere while its Edit Item form is open is not brought back (deleting it
    /// was someone's decision, as in the core): Done says it is gone and the form stays open with
    /// the typed text, for Esc to leave.
    @Test func anItemDeletedElsewhereWhileItsFormIsOpenIsReportedNotLost() throws {
        try cli.run("item", "add", "List", "Passport")
        let listed = try JSONSerialization.jsonObject(with: Data(try cli.run("items", "List", "--json").stdout.utf8))
        let id = try #require(((listed as? [[String: Any]])?.first?["id"]) as? Int)
        let tui = try start()
        try tui.waitFor("[ ] Passport")
        try tui.press("e")
        try tui.waitFor("Edit Item")
        #expect(try cli.run("item", "delete", "\(id)").status == 0)
        try tui.press("End")
        try tui.type(" & visa")
        try tui.press("Enter")
        // In words, by the item's name: the store's "No item with ID 0." named an ID the
        // terminal UI never shows.
        let screen = try tui.waitFor("“Passport” was deleted elsewhere.")
        #expect(screen.contains("Edit Item") && screen.contains("Passport & visa"))
        try tui.press("Escape")
        try tui.waitFor("No items. Press a to add one.")
        #expect(try !cli.run("items", "List").stdout.contains("Passport"))
    }

    /// The CLI renames an item a moment after a Space in the terminal UI: the new text shows (the
    /// list took a change that kept its counts for the echo of its own toggle and ignored it for
    /// two seconds), so Edit Item and Done keep the CLI's text instead of writing the old one back.
    @Test func anEditElsewhereRightAfterAToggleShowsAndIsNotWrittenOver() throws {
        try cli.run("item", "add", "List", "Eggs")
        try cli.run("item", "add", "List", "Apples")
        let tui = try start()
        try tui.waitFor("[ ] Apples")
        try tui.press("Space")
        try tui.waitFor("[✓] Eggs")
        #expect(try cli.run("item", "edit", "1", "--text", "Green apples").status == 0)
        try tui.waitFor("[ ] Green apples", timeout: 1.5)
        try tui.press("Down")
        try tui.press("e")
        try tui.waitFor("Edit Item")
        try tui.press("Enter")
        try tui.waitFor("Space check")
        #expect(try cli.run("items", "List").stdout.contains("Green apples"))
    }
}
