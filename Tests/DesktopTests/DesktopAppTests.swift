import Foundation
import TestSupport
import Testing

/// The desktop app's lists and items driven as a person would, under Xvfb through AT-SPI: adding,
/// editing, toggling and deleting, search, the keyboard alone, opening at an item.
///
/// One app at a time within the suite; the desktop suites run beside each other, each
/// scenario on a display and session bus of its own.
@Suite(.serialized, .enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI and checklists-gtk"))
struct DesktopAppTests {
    /// Add a list with an icon; add (Done refused on empty text), toggle, edit, cancel, delete,
    /// undo; the first reminder asks "Allow notifications?" and the answer is stored; another
    /// process's change arrives; a pending delete lands when the window closes.
    @Test func listsAndItems() async throws {
        let session = DesktopSession()
        for (list, icon) in [("Groceries", "groceries"), ("Chores", "chores")] {
            _ = try session.cli.run("list", "add", list, "--icon", icon)
        }
        _ = try session.cli.run("item", "add", "Groceries", "Milk")
        let output = try await session.run(
            "lists.py", ["SCREENSHOT_DIR": ProcessInfo.processInfo.environment["SCREENSHOT_DIR"] ?? ""])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(!(try session.cli.run("items", "Trips 2027").stdout.contains("Passport")))
    }

    /// Ctrl+F finds items across lists, shows each result's list, and Enter opens it.
    @Test func searchAcrossLists() async throws {
        let session = DesktopSession()
        for (list, item) in [("Groceries", "Oat milk"), ("Chores", "Sweep"), ("Trips", "Milk for the road")] {
            _ = try session.cli.run("list", "add", list)
            _ = try session.cli.run("item", "add", list, item)
        }
        let output = try await session.run(
            "search.py", ["SCREENSHOT_DIR": ProcessInfo.processInfo.environment["SCREENSHOT_DIR"] ?? ""])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// Text from the store is shown as written: an item named with "&" and tags appears in its
    /// row and in its delete's undo toast as typed (libadwaita reads toast titles as markup).
    @Test func storedTextIsNotMarkup() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Pantry")
        _ = try session.cli.run("item", "add", "Pantry", "Salt & <i>pepper</i>")
        let output = try await session.run("plaintext.py", [:])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// The keyboard alone: a search result opens its list at the item (selected, scrolled to,
    /// focused) in a 300-item list; Space toggles the focused row, Enter edits, Delete deletes
    /// (Ctrl+Z undoes).
    @Test func keyboardOnly() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Big")
        let tasks = (1...300).map { String(format: "Task %03d", $0) }.joined(separator: "\n")
        _ = try session.cli.run("item", "add", "Big", "-", stdin: tasks + "\n")
        let output = try await session.run("keyboard.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// `checklists-gtk --item ID` (a reminder notification's target) opens at the item: its list,
    /// the row scrolled to, selected and focused (Space toggles it).
    @Test func opensAtItem() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Big")
        let tasks = (1...300).map { String(format: "Task %03d", $0) }.joined(separator: "\n")
        _ = try session.cli.run("item", "add", "Big", "-", stdin: tasks + "\n")
        let line = try #require(
            try session.cli.run("items", "Big").stdout.split(separator: "\n").first {
                $0.hasSuffix("Task 250")
            })
        let id = try #require(line.split(separator: " ").first { Int($0) != nil })
        let output = try await session.run("showitem.py", ["APP_ARGS": "--item \(id)"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("items", "Big").stdout.contains("[✓] \(id)  Task 250"))
    }

    /// An item deleted with its row's Delete button (a click) among other items: Ctrl+Z brings it
    /// back and Ctrl+F still opens Search. The keyboard focus stayed on the deleted row's
    /// recycled button and the window's shortcuts did nothing until the next click.
    @Test func shortcutsWorkAfterADeleteButton() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        _ = try session.cli.run("item", "add", "Groceries", "-", stdin: "Apples\nBread\nCheese\n")
        let output = try await session.run("deletebutton.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("items", "Groceries").stdout.contains("Apples"))
    }

    /// Add Item with the keyboard alone: Ctrl+N, the text and Enter add the item (Enter did
    /// nothing in the item form's text field, while it is Done in Add Checklist); Enter on a blank
    /// text adds nothing; Escape discards.
    @Test func addItemWithTheKeyboardAlone() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        _ = try session.cli.run("item", "add", "Groceries", "Apples")
        let output = try await session.run("itemformkeys.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("items", "Groceries").stdout.hasSuffix("Oat milk\n"))
    }
}
