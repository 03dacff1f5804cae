import Foundation
import TestSupport
import Testing

/// The Notes window and the Edit Item form driven as a person would, under Xvfb through AT-SPI,
/// while another process deletes what is being edited.
@Suite(.serialized, .enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI and checklists-gtk"))
struct DesktopEditRaceTests {
    /// `checklists note delete 1` while note 1 is open: the note showed its body (the window used
    /// to show an empty one), the keys typed after the delete go into one new note, never lost
    /// and never a note per key, and a toast says so in the CLI's words.
    @Test func aNoteDeletedElsewhereWhileOpenKeepsTheTypedTextInOneNewNote() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        _ = try session.cli.run("note", "add", "--title", "Draft", "--body", "old body")
        let output = try await session.run("notesrace.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("note", "show", "2").stdout == "Draft\n─────\nold body typed\n")
    }

    /// `checklists item delete ID` while its Edit Item form is open: Done does not bring the item
    /// back (the core refuses to edit a deleted item; deleting it was someone's decision) and a
    /// toast says it is gone, instead of a silent loss.
    @Test func anItemDeletedElsewhereWhileItsFormIsOpenIsReported() async throws {
        let session = DesktopSession()
        let id = try addGroceriesItem("Oat milk", in: session)
        let output = try await session.run("itemrace.py", ["CHECKLISTS_FINGERPRINT": "off", "ITEM_ID": "\(id)"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        let left = try session.cli.run("items", "Groceries", "--json").stdout
        #expect((try JSONSerialization.jsonObject(with: Data(left.utf8)) as? [Any])?.isEmpty == true, "\(left)")
    }

    /// `checklists note edit 1` while note 1 is open: the editor shows the new title and body and
    /// what is typed next goes on from them. The editor kept the text it had opened with, and the
    /// next key saved that over the other process's change.
    @Test func aNoteChangedElsewhereWhileOpenShowsTheChangeAndKeepsIt() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("note", "add", "--title", "Draft", "--body", "old body")
        let output = try await session.run("noteedited.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("note", "show", "1").stdout == "Plan\n────\nnew body typed\n")
    }

    /// The title cleared and the body typed on: the body is saved under the title the note had
    /// (nothing was saved while the title was blank, and closing the window lost the typing).
    @Test func aBodyTypedUnderABlankTitleIsKept() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("note", "add", "--title", "Draft", "--body", "old body")
        let output = try await session.run("noteblanktitle.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("note", "show", "1").stdout == "Draft\n─────\nold body more\n")
    }

    /// An item deleted in the window (its undo toast up) and then checked and deleted by the CLI:
    /// the counts follow the item as it is now, and Ctrl+Z has nothing to bring back once it is
    /// gone. The window counted the item as it was when deleted ("All Done!" with an item
    /// unchecked, an item taken off twice) and said "Restored" for an item that was gone.
    @Test func anItemWaitingForItsUndoToastIsCountedAsItIsNow() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        _ = try session.cli.run("item", "add", "Groceries", "-", stdin: "Apples\nBread\n")
        let output = try await session.run("pendingdelete.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// `checklists item edit ID --text` while the item's Edit Item form is open: Done with the
    /// text left alone keeps the new text (the form wrote every field back, its old text too).
    @Test func doneKeepsWhatAnotherProcessChangedInFieldsLeftAlone() async throws {
        let session = DesktopSession()
        let id = try addGroceriesItem("Milk", in: session)
        let output = try await session.run("itemedited.py", ["CHECKLISTS_FINGERPRINT": "off", "ITEM_ID": "\(id)"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("items", "Groceries").stdout.contains("Oat milk"))
    }

    /// An all-day item shows its day alone, keeps being all-day through an Edit Item left
    /// alone, and becomes timed when All Day is switched off.
    @Test func anAllDayItemStaysAllDayThroughEditItemUntilAllDayIsOff() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Groceries")
        _ = try session.cli.run("item", "add", "Groceries", "Dentist", "--due", "2030-12-24")
        let output = try await session.run("itemallday.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// `checklists list edit --name` while the list's Edit Checklist form is open: Done with the
    /// name left alone keeps the new name (the form wrote its name and icon back over it).
    @Test func editChecklistDoneKeepsARenameMadeElsewhere() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Chores", "--icon", "chores")
        let output = try await session.run("listedited.py", ["CHECKLISTS_FINGERPRINT": "off"])
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(try session.cli.run("lists").stdout.contains("House chores"))
    }

    /// Adds a Groceries list holding one item, `text`, and returns the item's ID.
    private func addGroceriesItem(_ text: String, in session: DesktopSession) throws -> Int {
        _ = try session.cli.run("list", "add", "Groceries")
        let added = try session.cli.run("item", "add", "Groceries", text, "--json").stdout
        let item = try #require(try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])
        return try #require(item["id"] as? Int)
    }
}
