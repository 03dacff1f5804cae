import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

@testable import TerminalUI

/// The screen model driven by keys, against a real session on a temporary store (lock off),
/// read back as the text of 80×24 frames.
@Suite(.serialized) struct TerminalAppTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    func makeApp(unicode: Bool = true) -> TerminalApp {
        let authentication = LAEnvironment(stateDirectory: home, runtimeDirectory: dir.appending("run"))
        let configuration = AppSession.Configuration(
            home: home, authentication: authentication, keychainPreference: "file",
            locale: UserLocale(environment: ["LANG": "en_US.UTF-8"]))
        let app = TerminalApp(
            session: AppSession(configuration: configuration), unicode: unicode, timeZone: TimeZone(identifier: "UTC")!)
        return app
    }

    /// Opens the store and forgets the list the first run opened, so the app starts on Checklists.
    func openStore(_ app: TerminalApp) throws {
        _ = try app.session.open()
        try app.session.setSetting(.checklistIndex, -1)
    }

    func frame(_ app: TerminalApp) -> String { app.render(width: 80, height: 24).text }

    func type(_ app: TerminalApp, _ keys: Key...) {
        for key in keys { app.handle(key) }
    }

    func type(_ app: TerminalApp, text: String) {
        for c in text { app.handle(.character(c)) }
    }

    @Test func checklistsShowIconNameAndStatusSortedAsTheCLISorts() throws {
        let app = makeApp()
        let session = app.session
        try openStore(app)
        let groceries = try session.addList(name: "groceries", icon: .groceries)
        _ = try session.addList(name: "List 10")
        let two = try session.addList(name: "List 2", icon: .trips)
        _ = try session.addItem(NewItem(text: "Milk"), to: groceries.id)
        let done = try session.addItem(NewItem(text: "Pack"), to: two.id)
        _ = try session.toggleItem(id: done.id)
        app.start()
        let lines = frame(app).split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.contains("List") || $0.contains("groceries") }.dropFirst(0)
        let names = rows.compactMap { row in ["groceries", "List 2", "List 10"].first { row.contains($0 + " ") } }
        #expect(names.prefix(3) == ["groceries", "List 2", "List 10"])
        #expect(lines.contains { $0.contains("🛒") && $0.contains("groceries") && $0.hasSuffix("1 Remaining") })
        #expect(lines.contains { $0.contains("List 2") && $0.hasSuffix("All Done!") })
        #expect(lines.contains { $0.contains("List 10") && $0.hasSuffix("No Items") })
    }

    @Test func enterOpensAListAndSpaceTogglesWithTheCheckmarkOnTheLeft() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores", icon: .chores)
        let item = try app.session.addItem(NewItem(text: "Sweep"), to: list.id)
        app.start()
        let row = try #require(app.stack.first as? ListsScreen).lists.firstIndex { $0.id == list.id }
        (app.stack.first as? ListsScreen)?.scroller.selection = row ?? 0
        type(app, .enter)
        #expect(frame(app).contains("[ ] Sweep"))
        type(app, .character(" "))
        #expect(frame(app).contains("› [✓] Sweep"))
        #expect(frame(app).contains("Chores  (All Done!)"))
        #expect(try app.session.items(in: list.id).first { $0.id == item.id }?.checked == true)
        #expect(try app.session.setting(.checklistIndex) == list.id)
    }

    /// Space sets the check the row does not show, as the desktop app's click does: an item
    /// checked by another process a moment before (its change not shown yet) stays checked when
    /// the user, seeing it unchecked, presses Space to check it. Space flipped the stored state,
    /// unchecking it, and the count went the wrong way.
    @Test func spaceSetsTheCheckTheRowDoesNotShow() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores")
        let item = try app.session.addItem(NewItem(text: "Sweep"), to: list.id)
        _ = try app.session.addItem(NewItem(text: "Dust"), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        #expect(frame(app).contains("› [ ] Sweep"))
        _ = try app.session.setChecked(id: item.id, true)  // another process; no event yet
        type(app, .character(" "))
        #expect(try app.session.items(in: list.id).first { $0.id == item.id }?.checked == true)
        #expect(frame(app).contains("› [✓] Sweep"))
        #expect(frame(app).contains("Chores  (1 Remaining)"))
    }

    /// Edit Item open on "Sweep"; another process renames it; the user turns Remind Me on and
    /// presses Enter: the item keeps the other process's text (the form wrote every field, the
    /// text as it had opened included, over the rename).
    @Test func editItemSavesOnlyWhatTheUserChanged() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores")
        let item = try app.session.addItem(NewItem(text: "Sweep"), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        type(app, .character("e"))
        #expect(frame(app).contains("Edit Item"))
        _ = try app.session.editItem(id: item.id, ItemChanges(text: "Sweep the porch"))  // another process
        type(app, .tab, .character(" "), .enter)
        let saved = try #require(try app.session.items(in: list.id).first { $0.id == item.id })
        #expect(saved.text == "Sweep the porch" && saved.shouldRemind)
    }

    /// An all-day item shows its date alone in the list and in Edit Item, and stays all-day
    /// when the form is saved with its date untouched; All Day switched off makes it a timed
    /// item, and switched on for a new item makes it due on the picked day at the all-day hour.
    @Test func anAllDayItemShowsItsDateAloneAndStaysAllDayWhenEdited() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores")
        let due = Date(timeIntervalSince1970: 1_924_938_000)  // 2030-12-31 09:00 UTC
        let item = try app.session.addItem(NewItem(text: "Sweep", dueDate: due, isAllDay: true), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        #expect(frame(app).contains("Sweep") && frame(app).contains("Dec 31, 2030"))
        #expect(!frame(app).contains("9:00"))
        type(app, .character("e"))
        #expect(frame(app).contains("Edit Item") && !frame(app).contains("9:00 AM"))
        type(app, .tab, .character(" "), .enter)
        let saved = try #require(try app.session.items(in: list.id).first { $0.id == item.id })
        #expect(saved.isAllDay && saved.shouldRemind && saved.dueDate == due)
        type(app, .character("e"), .tab, .tab, .tab)
        #expect(frame(app).contains("All Day"))
        type(app, .character(" "), .backTab, .right, .up, .enter)  // All Day off, then the hour one up
        let moved = try #require(try app.session.items(in: list.id).first { $0.id == item.id })
        #expect(!moved.isAllDay && moved.dueDate == due + 3600)
        #expect(frame(app).contains("10:00"))

        type(app, .character("a"), .character("G"), .character("y"), .character("m"), .tab, .tab, .tab)
        type(app, .character(" "), .backTab, .right, .up, .enter)  // a day set; the hour stays put
        let gym = try #require(try app.session.items(in: list.id).first { $0.text == "Gym" })
        #expect(gym.isAllDay)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(
            calendar.dateComponents([.hour, .minute], from: try #require(gym.dueDate))
                == DateComponents(hour: 9, minute: 0))
    }

    /// Edit Checklist open on "Chores"; another process renames the list; Enter with the name left
    /// alone keeps the new name (the form wrote its name and icon back over the rename).
    @Test func editChecklistSavesOnlyWhatTheUserChanged() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores", icon: .chores)
        app.start()
        let row = try #require(app.stack.first as? ListsScreen).lists.firstIndex { $0.id == list.id }
        (app.stack.first as? ListsScreen)?.scroller.selection = row ?? 0
        type(app, .character("e"))
        #expect(frame(app).contains("Edit Checklist"))
        _ = try app.session.editList(id: list.id, name: "House chores")  // another process
        type(app, .enter)
        let saved = try #require(try app.session.lists().first { $0.id == list.id })
        #expect(saved.name == "House chores" && saved.icon == .chores)
    }

    @Test func doneIsDimmedAndRefusesWhileTheTextIsEmptyAndCancelDiscards() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "A")
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        type(app, .character("a"))
        #expect(frame(app).contains("Add Item"))
        type(app, .enter)
        #expect(frame(app).contains("Done is not available"))
        #expect(frame(app).contains("Add Item"))
        type(app, text: "Buy milk")
        type(app, .escape)
        #expect(try app.session.items(in: list.id).isEmpty)
        type(app, .character("a"))
        type(app, text: "Bröt 🍞")
        type(app, .left, .left, .character("x"), .enter)
        let items = try app.session.items(in: list.id)
        #expect(items.map(\.text) == ["Brötx 🍞"])
    }

    @Test func editChangesTheItemInPlaceWithRemindMeAndADueDate() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "A")
        let item = try app.session.addItem(NewItem(text: "Call"), to: list.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        type(app, .character("e"))
        #expect(frame(app).contains("Edit Item"))
        type(app, .end, .character("!"), .tab, .character(" "), .tab, .up)
        #expect(frame(app).contains("Due Date"))
        type(app, .enter)
        let items = try app.session.items(in: list.id)
        #expect(items.count == 1)
        #expect(items[0].id == item.id)
        #expect(items[0].text == "Call!")
        #expect(items[0].shouldRemind)
        #expect(items[0].dueDate != nil)
        #expect(frame(app).contains("🔔"))
    }

    @Test func deletingAListAsksAndSaysHowManyItemsAndRemindersGoThenUndoBringsItBack() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Trip")
        let later = Date().addingTimeInterval(86_400)
        _ = try app.session.addItem(NewItem(text: "Passport", dueDate: later, shouldRemind: true), to: list.id)
        _ = try app.session.addItem(NewItem(text: "Tickets"), to: list.id)
        // A checked item's reminder does not fire, so it is not one that goes.
        _ = try app.session.addItem(
            NewItem(text: "Visa", checked: true, dueDate: later, shouldRemind: true), to: list.id)
        app.start()
        let lists = try #require(app.stack.first as? ListsScreen)
        lists.scroller.selection = lists.lists.firstIndex { $0.id == list.id } ?? 0
        type(app, .character("d"))
        #expect(frame(app).contains("Delete “Trip”? 3 items and 1 reminder go with it."))
        type(app, .character("n"))
        #expect(try app.session.lists().contains { $0.id == list.id })
        type(app, .character("d"), .character("y"))
        #expect(try !app.session.lists().contains { $0.name == "Trip" })
        #expect(frame(app).contains("Deleted “Trip”. u to undo."))
        type(app, .character("u"))
        let restored = try #require(try app.session.lists().first { $0.name == "Trip" })
        #expect(restored.total == 3)
        #expect(frame(app).contains("Trip"))
    }

    @Test func addChecklistWithAnIconFromTheIconPicker() throws {
        let app = makeApp()
        try openStore(app)
        app.start()
        type(app, .character("a"))
        #expect(frame(app).contains("Add Checklist"))
        type(app, text: "Ferien 2")
        type(app, .tab, .enter)
        #expect(frame(app).contains("Choose Icon"))
        #expect(frame(app).contains("Appointments") && frame(app).contains("Trips"))
        type(app, .character("G"), .enter)
        #expect(frame(app).contains("🛫  Trips"))
        type(app, .character("d"))
        let list = try #require(try app.session.lists().first { $0.name == "Ferien 2" })
        #expect(list.icon == .trips)
    }

    @Test func searchFindsItemsAcrossListsAndOpensTheList() throws {
        let app = makeApp()
        try openStore(app)
        let a = try app.session.addList(name: "A")
        let b = try app.session.addList(name: "B")
        _ = try app.session.addItem(NewItem(text: "Milk"), to: a.id)
        _ = try app.session.addItem(NewItem(text: "Oat milk"), to: b.id)
        _ = try app.session.addItem(NewItem(text: "Bread"), to: b.id)
        app.start()
        type(app, .character("/"))
        type(app, text: "milk")
        #expect(frame(app).contains("2 matches"))
        type(app, .down, .enter)
        #expect(frame(app).contains("B  (2 Remaining)"))
        #expect(frame(app).contains("› [ ] Oat milk"))
    }

    /// Each key searches only what the query before it matched while it grows, and everything
    /// again when it shrinks or the items change: the matches are those of a search from scratch.
    @Test func searchNarrowsAsYouTypeAndWidensAsYouDelete() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Food")
        for text in ["Milk", "Oat milk", "Millet", "Mint tea", "Bread"] {
            _ = try app.session.addItem(NewItem(text: text), to: list.id)
        }
        app.start()
        type(app, .character("/"))
        type(app, text: "mil")
        #expect(frame(app).contains("3 matches"))
        type(app, text: "k")
        #expect(frame(app).contains("2 matches") && !frame(app).contains("Millet"))
        type(app, .backspace, .backspace, .backspace)
        #expect(frame(app).contains("4 matches") && frame(app).contains("Mint tea"))
        type(app, text: "il")
        #expect(frame(app).contains("3 matches"))
        _ = try app.session.addItem(NewItem(text: "Milkshake"), to: list.id)  // another process
        app.handle(.changed(.itemsChanged(listIDs: [list.id])))
        type(app, text: "k")
        #expect(frame(app).contains("3 matches") && frame(app).contains("Milkshake"))
    }

    @Test func asciiGlyphsWhenTheLocaleIsNotUTF8() throws {
        let app = makeApp(unicode: false)
        try openStore(app)
        let list = try app.session.addList(name: "Food", icon: .groceries)
        let item = try app.session.addItem(
            NewItem(text: "Tea", dueDate: Date().addingTimeInterval(3600), shouldRemind: true), to: list.id)
        _ = try app.session.toggleItem(id: item.id)
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        let text = frame(app)
        #expect(text.contains("> [x] Tea"))
        #expect(text.contains("(!)"))
        #expect(!text.unicodeScalars.contains { $0.value > 127 && $0 != "“" && $0 != "”" })
    }

    @Test func aChangeEventRefetchesTheOpenList() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Shared")
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        // Another process's write, as the change monitor reports it.
        _ = try app.session.addItem(NewItem(text: "From the CLI"), to: list.id)
        #expect(!frame(app).contains("From the CLI"))
        app.handle(.changed(.itemsChanged(listIDs: [list.id])))
        #expect(frame(app).contains("[ ] From the CLI"))
    }

    @Test func contentChangesPokeARunningReminderAgentOtherChangesDoNot() throws {
        let app = makeApp()
        try openStore(app)
        app.start()
        let agent = try AgentListener(home: home)
        app.handle(.changed(.itemsChanged(listIDs: [1])))
        #expect(agent.pokes() == 1)
        app.handle(.changed(.listsChanged([1])))
        #expect(agent.pokes() == 1)
        app.handle(.changed(.notesChanged([1])))
        app.handle(.changed(.settingsChanged(["ChecklistIndex"])))
        #expect(agent.pokes() == 0)
    }

    @Test func fitsEightyByTwentyFourAndOnlyDrawsTheVisibleRows() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.withStore { store in
            try store.addChecklist(name: "Long", items: (0..<500).map { NewItem(text: "Item \($0)") })
        }
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        let canvas = app.render(width: 80, height: 24)
        #expect(canvas.rows.count == 24)
        #expect((0..<24).allSatisfy { CellWidth.of(canvas.line($0)) <= 80 })
        #expect(canvas.text.contains("Item 20") && !canvas.text.contains("Item 21"))
        type(app, .character("G"))
        #expect(frame(app).contains("› [ ] Item 499"))
        type(app, .pageUp)
        #expect(frame(app).contains("› [ ] Item 478"))
        type(app, .character("g"))
        #expect(frame(app).contains("› [ ] Item 0"))
    }

    /// The UI ends on a signal while an item is half typed: the form is dropped, as Cancel does
    /// (it could still be waiting for a due date or a reminder the user meant to set).
    @Test func endingOnASignalDropsAHalfTypedItem() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "A")
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        type(app, .character("a"))
        type(app, text: "Milk")
        app.saveBeforeExit()
        #expect(try app.session.items(in: list.id).isEmpty)
    }

    /// Enter on a search result whose list another process deleted a moment before (its change
    /// not seen yet): the deleted list is not opened, the line says it is gone, and the result
    /// goes.
    @Test func enterOnASearchResultWhoseListWasJustDeletedOpensNoList() throws {
        let app = makeApp()
        try openStore(app)
        let ghost = try app.session.addList(name: "Ghost")
        _ = try app.session.addItem(NewItem(text: "haunted house"), to: ghost.id)
        app.start()
        type(app, .character("/"))
        type(app, text: "haunted")
        #expect(frame(app).contains("haunted house"))
        _ = try app.session.deleteList(id: ghost.id)  // another process; no event yet
        type(app, .enter)
        #expect(app.top is SearchScreen)
        #expect(frame(app).contains("No list \"Ghost\"."))
        #expect(!frame(app).contains("haunted house"))
    }

    /// Add Item open when another process deletes the list: Done says the list was deleted, by
    /// its name, and the typed text stays on screen. It said "No list "7".", an ID the terminal
    /// UI never shows.
    @Test func doneOnAnItemWhoseListWasDeletedElsewhereSaysSoByName() throws {
        let app = makeApp()
        try openStore(app)
        let list = try app.session.addList(name: "Chores")
        try app.session.setSetting(.checklistIndex, list.id)
        app.start()
        type(app, .character("a"))
        type(app, text: "Sweep")
        _ = try app.session.deleteList(id: list.id)  // another process
        type(app, .enter)
        #expect(frame(app).contains("“Chores” was deleted elsewhere."))
        #expect(!frame(app).contains("No list"))
        #expect(app.top is ItemFormScreen && frame(app).contains("Sweep"))
    }
}
