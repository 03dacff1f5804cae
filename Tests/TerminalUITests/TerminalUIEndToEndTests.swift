import Foundation
import TestSupport
import Testing

/// The built binary in tmux: what a user types and sees.
@Suite(.serialized) struct TerminalUIEndToEndTests {
    let dir = TemporaryDirectory("checklists-tui")
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// `checklists` on a terminal, started on the Checklists screen.
    func start(_ extra: [String: String] = [:], width: Int = 80, height: Int = 24) throws -> TmuxSession {
        _ = try cli.run("lists")
        var env = cli.environment
        env["TERM"] = "screen"  // what tmux itself emulates, so its key sequences match
        for (k, v) in extra { env[k] = v }
        let tui = try TmuxSession(
            [CLIRunner.binary], environment: env, socket: dir.appending("tmux"), width: width, height: height)
        try tui.waitFor("? help")
        // The first run opens its list (as the iOS app does): go back to Checklists.
        if try Self.title(tui.screen()) != "Checklists" {
            try tui.press("q")
            try tui.waitUntil("the Checklists screen") { Self.title($0) == "Checklists" }
        }
        return tui
    }

    /// The screen's title (its second row).
    static func title(_ screen: String) -> String {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return rows.count > 1 ? rows[1].trimmingCharacters(in: .whitespaces) : ""
    }

    func json(_ arguments: String...) throws -> [[String: Any]] {
        let result = try cli.run(arguments: arguments + ["--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func createsAListWithAnIconAndAddsEditsTogglesAndDeletesAnItem() throws {
        let tui = try start()
        try tui.press("a")
        try tui.waitFor("Add Checklist")
        try tui.type("Trips 2026")
        try tui.press("Tab", "Enter")
        try tui.waitFor("Choose Icon")
        try tui.press("G", "Enter")
        try tui.waitFor("🛫  Trips")
        try tui.press("d")
        // The form shows the name too: wait for the list's row, which appears once it is saved.
        try tui.waitUntil("the new list selected") { $0.contains("› 🛫  Trips 2026") }
        let list = try #require(try json("lists").first { $0["name"] as? String == "Trips 2026" })
        #expect(list["icon"] as? String == "Trips")

        try tui.press("Enter")
        try tui.waitFor("Trips 2026  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try tui.type("Passport")
        try tui.press("Enter")
        try tui.waitFor("[ ] Passport")
        try tui.press("Space")
        try tui.waitFor("[✓] Passport")
        let items = try json("items", "Trips 2026")
        #expect(items.count == 1)
        #expect(items.first?["checked"] as? Bool == true)
        let id = items.first?["id"] as? Int

        try tui.press("e")
        try tui.waitFor("Edit Item")
        try tui.press("End")
        try tui.type(" & visa")
        try tui.press("Enter")
        try tui.waitFor("[✓] Passport & visa")
        let edited = try json("items", "Trips 2026")
        #expect(edited.count == 1)
        #expect(edited.first?["id"] as? Int == id)

        try tui.press("d")
        try tui.waitFor("Deleted “Passport & visa”. u to undo.")
        #expect(try json("items", "Trips 2026").isEmpty)
        try tui.press("u")
        try tui.waitFor("[✓] Passport & visa")  // the row: the toast before it names the item too
        #expect(try json("items", "Trips 2026").count == 1)
    }

    @Test func doneIsRefusedWhileTheTextIsEmpty() throws {
        let tui = try start()
        try tui.press("Enter")
        try tui.waitFor("List  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try tui.press("Enter")
        try tui.waitFor("Done is not available")
        #expect(try tui.screen().contains("Add Item"))
        try tui.press("Escape")
        try tui.waitFor("No items. Press a to add one.")
        #expect(try json("items", "List").isEmpty)
    }

    /// A paste is text for the field that has the focus, never keys: pasted `q` or Esc used to
    /// quit (and leave the rest of the paste to the shell), and a pasted line break pressed Done.
    @Test func aPasteIsTextNeverKeys() throws {
        let tui = try start()
        func paste(_ text: String) throws {
            try tui.tmux(["set-buffer", "--", text])
            try tui.tmux(["paste-buffer", "-p", "-t", "t"])
        }
        try paste("q\u{1b}qd")
        try tui.press("?")
        try tui.waitFor("Keys")
        try tui.press("q")
        try tui.waitUntil("the Checklists screen") { Self.title($0) == "Checklists" }
        try tui.press("Enter")
        try tui.waitFor("List  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try paste("Buy\nmilk\u{1b}[31m and\teggs\u{1b}")
        try tui.press("Enter")
        try tui.waitFor("[ ] Buy milk[31m and eggs")
        #expect(try json("items", "List").map { $0["text"] as? String } == ["Buy milk[31m and eggs"])
    }

    /// Keys whose sequences the terminfo entry does not know (TERM=xterm-256color inside tmux,
    /// as many users set it: tmux sends End as CSI 4 ~; a key with modifiers no entry names) are
    /// End or nothing. They arrived as Esc and more keys: the note was saved and closed, and the
    /// rest of the sequence opened another section.
    @Test func keySequencesTheTerminalTypeDoesNotKnowAreNoCommands() throws {
        let tui = try start(["TERM": "xterm-256color"])
        try tui.press("2")
        try tui.waitUntil("the Notes screen") { Self.title($0) == "Notes" }
        try tui.press("a")
        try tui.waitFor("Title")
        try tui.type("Keys")
        try tui.press("Tab")
        try tui.type("one")
        try tui.press("Home")
        try tui.type(">")
        try tui.press("End")
        try tui.type("two")
        try tui.type("\u{1b}[1;9C")
        try tui.type("three")
        try tui.waitFor(">onetwothree")
        #expect(try tui.screen().contains("Title"))
        try tui.press("Escape")
        try tui.waitUntil("the Notes screen") { Self.title($0) == "Notes" }
        let shown = try cli.run("note", "show", "1").stdout
        #expect(shown == "Keys\n────\n>onetwothree\n", "\(shown)")
    }

    @Test func deletingAListAsksFirstAndSaysWhatGoesWithIt() throws {
        _ = try cli.run("list", "add", "Old")
        _ = try cli.run("item", "add", "Old", "one")
        _ = try cli.run("item", "add", "Old", "two", "--due", "2099-01-01 09:00", "--remind")
        let tui = try start()
        try tui.press("G")
        try tui.waitFor("› ·   Old")
        try tui.press("d")
        try tui.waitFor("Delete “Old”? 2 items and 1 reminder go with it.")
        try tui.press("n")
        try tui.waitForNo("Delete “Old”?")
        #expect(try json("lists").contains { $0["name"] as? String == "Old" })
        try tui.press("d")
        try tui.waitFor("Delete “Old”?")
        try tui.press("y")
        try tui.waitFor("Deleted “Old”. u to undo.")
        #expect(try !json("lists").contains { $0["name"] as? String == "Old" })
    }

    @Test func aChangeByTheCLIInAnotherProcessShowsWithoutAKeypress() throws {
        let tui = try start()
        try tui.press("Enter")
        try tui.waitFor("List  (No Items)")
        _ = try cli.run("item", "add", "List", "Added elsewhere")
        try tui.waitFor("[ ] Added elsewhere")
        try tui.waitFor("List  (1 Remaining)")
        _ = try cli.run("list", "add", "Second")
        try tui.press("q")
        try tui.waitFor("Second")
    }

    @Test func noColorLeavesOutColoursButKeepsTheLayout() throws {
        let plain = try start(["NO_COLOR": "1"])
        let withoutColor = try plain.screen(escapes: true)
        #expect(!withoutColor.contains("[44m") && !withoutColor.contains(";44m"))
        #expect(withoutColor.contains("Checklists"))
        plain.stop()
        let colored = try start()
        try colored.waitUntil("a coloured title bar") { _ in
            let text = (try? colored.screen(escapes: true)) ?? ""
            return text.contains("44m") || text.contains(";44")
        }
    }

    @Test func redrawsOnResize() throws {
        let tui = try start()
        try tui.resize(width: 100, height: 30)
        try tui.waitUntil("the bar across 100 columns") { screen in
            let first = screen.split(separator: "\n").first.map(String.init) ?? ""
            return first.hasSuffix("? help") && first.count >= 95
        }
        try tui.resize(width: 60, height: 20)
        try tui.waitUntil("the bar across 60 columns") { screen in
            let first = screen.split(separator: "\n").first.map(String.init) ?? ""
            return first.hasSuffix("? help") && first.count <= 60
        }
    }

    /// Text shown as stored (the Edit Item field) went to the terminal as it was: ncurses shows
    /// C0 controls as ^[, but a bidi override (U+202E) and a C1 CSI (U+009B) reached it, so a
    /// stored item could reorder or recolour the screen. Each now shows as U+FFFD.
    @Test func anEditFieldSendsNoControlToTheTerminal() throws {
        _ = try cli.run("list", "add", "Evil")
        _ = try cli.run("item", "add", "Evil", "a\u{202E}b\u{9B}31mc\u{1B}]2;T\u{7}d")
        let tui = try start()
        let raw = dir.appending("raw")
        try tui.tmux(["pipe-pane", "-t", "t", "-o", "cat > " + TmuxSession.quote(raw)])
        try tui.press("g")  // the first list (the last opened one is selected)
        try tui.waitUntil("Evil selected") {
            $0.split(separator: "\n").contains { $0.contains("›") && $0.contains("Evil") }
        }
        try tui.press("Enter")
        try tui.waitFor("Evil  (1 Remaining)")
        try tui.press("e")
        try tui.waitFor("a\u{FFFD}b\u{FFFD}31mc\u{FFFD}]2;T\u{FFFD}d")
        try tui.press("Escape")
        try tui.waitForNo("Edit Item")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        #expect(!bytes.contains(utf8: "\u{202E}"))
        #expect(!bytes.contains(utf8: "\u{9B}"))
        #expect(!bytes.contains(utf8: "\u{1B}]2;T"))
    }

    @Test func withoutATerminalItPrintsTheOverview() throws {
        _ = try cli.run("list", "add", "Plain")
        let result = try cli.run()
        #expect(result.status == 0)
        #expect(result.stdout.contains("Plain"))
        #expect(!result.stdout.contains("\u{1b}["))
    }

    /// Search open on an item whose list the CLI then deletes: the match goes, and Enter opens
    /// no list. The results stayed as read when the search opened, and Enter opened the deleted
    /// list, its old count over "No items".
    @Test func aListDeletedByTheCLIGoesFromTheSearchResults() throws {
        #expect(try cli.run("list", "add", "Ghost").status == 0)
        #expect(try cli.run("item", "add", "Ghost", "haunted house").status == 0)
        let tui = try start()
        try tui.press("/")
        try tui.type("haunted")
        try tui.waitFor("haunted house")
        #expect(try cli.run("list", "delete", "Ghost").status == 0)
        try tui.waitFor("0 matches")
        #expect(try !tui.screen().contains("haunted house"))
        try tui.press("Enter")
        #expect(Self.title(try tui.screen()) == "Search")
    }

    /// The list on screen deleted by the CLI: the UI goes back to Checklists and says why (it
    /// went back without a word).
    @Test func aListDeletedByTheCLIWhileShownClosesSayingSo() throws {
        #expect(try cli.run("list", "add", "买菜 🛒").status == 0)
        #expect(try cli.run("item", "add", "买菜 🛒", "豆腐").status == 0)
        let tui = try start()
        try tui.waitFor("买菜 🛒")
        try tui.press("End", "Enter")
        try tui.waitFor("豆腐")
        #expect(try cli.run("list", "delete", "买菜 🛒").status == 0)
        let screen = try tui.waitFor("“买菜 🛒” was deleted elsewhere.")
        #expect(Self.title(screen) == "Checklists")
    }
}
