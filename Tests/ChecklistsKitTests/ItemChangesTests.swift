import ChecklistsKit
import Foundation
import TestSupport
import Testing

/// What an Edit Item form saves: only what the user changed in it, so that a change another
/// process made to the other fields while the form was open stays.
@Suite struct ItemChangesTests {
    let dir = TemporaryDirectory()

    func open() throws -> ChecklistStore {
        let home = dir.appending("data")
        return try ChecklistStore(directory: home, keyProvider: FileKeyProvider(path: home + "/data.key"))
    }

    /// The form opened on "Milk"; the CLI renamed it "Oat milk"; the user turned on a reminder
    /// and pressed Done: the item keeps the CLI's text. The forms sent every field, and Done
    /// wrote "Milk" back over the rename.
    @Test func aFormSavesOnlyTheFieldsTheUserChanged() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Groceries")
        let opened = try store.addItem(NewItem(text: "Milk"), to: list.id)
        _ = try store.updateItem(id: opened.id, ItemChanges(text: "Oat milk"))
        let due = Date(timeIntervalSinceNow: 7200)
        let changes = ItemChanges(editing: opened, text: "Milk", dueDate: due, shouldRemind: true)
        #expect(changes == ItemChanges(dueDate: .some(DueDate.roundedDown(due)), shouldRemind: true))
        let saved = try store.updateItem(id: opened.id, changes).new
        #expect(saved.text == "Oat milk" && saved.shouldRemind && saved.dueDate == DueDate.roundedDown(due))
    }

    @Test func aChangedTextAndAClearedDateAreSaved() throws {
        let due = DueDate.roundedDown(Date(timeIntervalSinceNow: 600))
        let opened = ChecklistItem(
            id: 1, listID: 1, text: "Milk", checked: false, dueDate: due, shouldRemind: true, modified: Date())
        #expect(ItemChanges(editing: opened, text: "Milk", dueDate: due, shouldRemind: true) == ItemChanges())
        #expect(
            ItemChanges(editing: opened, text: "Oat milk", dueDate: nil, shouldRemind: false)
                == ItemChanges(text: "Oat milk", dueDate: .some(nil), shouldRemind: false))
    }

    /// An all-day item saved from a form with its date untouched stays all-day; a date or time
    /// changed in the form is a time, unless the form says all-day.
    @Test func anAllDayItemStaysAllDayUnlessItsDateIsChanged() throws {
        let store = try open()
        let list = try store.addChecklist(name: "Errands")
        let due = DueDate.roundedDown(Date(timeIntervalSinceNow: 86_400))
        let opened = try store.addItem(NewItem(text: "Dentist", dueDate: due, isAllDay: true), to: list.id)
        #expect(opened.isAllDay)
        let renamed = ItemChanges(editing: opened, text: "Dentist at 3", dueDate: due, shouldRemind: true)
        let saved = try store.updateItem(id: opened.id, renamed).new
        #expect(saved.isAllDay && saved.dueDate == due && saved.text == "Dentist at 3")
        let moved = ItemChanges(editing: saved, text: saved.text, dueDate: due + 3600, shouldRemind: true)
        #expect(try store.updateItem(id: opened.id, moved).new.isAllDay == false)
        let switched = ItemChanges(
            editing: try #require(try store.item(id: opened.id)), text: saved.text, dueDate: due + 3600,
            isAllDay: true, shouldRemind: true)
        #expect(try store.updateItem(id: opened.id, switched).new.isAllDay)
        let cleared = try store.updateItem(id: opened.id, ItemChanges(dueDate: .some(nil))).new
        #expect(cleared.dueDate == nil && !cleared.isAllDay)
    }
}
