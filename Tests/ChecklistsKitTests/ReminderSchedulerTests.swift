import ChecklistsKit
import Foundation
import Reminders
import SQLiteKit
import Sodium
import Synchronization
import TestSupport
import Testing

/// The iOS app's five reminder cases, each on its own, against the real pending store.
@Suite struct ReminderSchedulerTests {
    let dir = TemporaryDirectory()
    let store: ChecklistStore
    let center: Reminders.NotificationCenter
    let list: Checklist
    let future = Date().addingTimeInterval(3600 * 24)

    init() throws {
        store = try ChecklistStore(directory: dir.path, keyProvider: FixedKeyProvider())
        center = try Reminders.NotificationCenter(directory: dir.path)
        ReminderScheduler(center: center, store: store, dates: DueDate.Display(locale: Locale(identifier: "en_US")))
            .start()
        list = try store.addChecklist(name: "Groceries", icon: .groceries)
    }

    func pending() throws -> [NotificationRequest] { try center.pendingNotificationRequests() }

    @Test func case1ItemWithReminderInTheFutureIsScheduled() throws {
        let item = try store.addItem(
            NewItem(text: "Buy milk", dueDate: future.addingTimeInterval(37), shouldRemind: true), to: list.id)
        let request = try #require(try pending().first)
        #expect(request.identifier == "item-\(item.id)")
        #expect(request.content.title == "Buy milk")
        #expect(request.content.body.hasPrefix("Groceries · due "))
        #expect(request.content.iconName == "Groceries")
        #expect(request.trigger.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0)
    }

    @Test func case2ChangingTheDueDateReplacesTheRequest() throws {
        let item = try store.addItem(NewItem(text: "Buy milk", dueDate: future, shouldRemind: true), to: list.id)
        let later = future.addingTimeInterval(7200)
        try store.updateItem(id: item.id, ItemChanges(dueDate: .some(later)))
        let all = try pending()
        #expect(all.count == 1)
        #expect(all[0].trigger.date == DateTrigger(date: later).date)
    }

    @Test func case3TurningTheReminderOffCancelsIt() throws {
        let item = try store.addItem(NewItem(text: "Buy milk", dueDate: future, shouldRemind: true), to: list.id)
        try store.updateItem(id: item.id, ItemChanges(shouldRemind: false))
        #expect(try pending().isEmpty)
    }

    @Test func case4DeletingTheItemCancelsIt() throws {
        let item = try store.addItem(NewItem(text: "Buy milk", dueDate: future, shouldRemind: true), to: list.id)
        try store.addItem(NewItem(text: "Other", dueDate: future, shouldRemind: true), to: list.id)
        try store.deleteItem(id: item.id)
        #expect(try pending().map(\.content.title) == ["Other"])
    }

    @Test func case5DeletingTheListCancelsAllItsReminders() throws {
        let other = try store.addChecklist(name: "Trips")
        for text in ["a", "b", "c"] {
            try store.addItem(NewItem(text: text, dueDate: future, shouldRemind: true), to: list.id)
        }
        try store.addItem(NewItem(text: "passport", dueDate: future, shouldRemind: true), to: other.id)
        try store.deleteChecklist(id: list.id)
        #expect(try pending().map(\.content.title) == ["passport"])
    }

    @Test func aDueDateInThePastIsNeverScheduled() throws {
        try store.addItem(
            NewItem(text: "Too late", dueDate: Date().addingTimeInterval(-60), shouldRemind: true), to: list.id)
        try store.addItem(NewItem(text: "No date", shouldRemind: true), to: list.id)
        #expect(try pending().isEmpty)
    }

    @Test func hiddenItemTextShowsOnlyAGenericReminder() throws {
        try center.setShowsItemText(false)
        try store.addItem(NewItem(text: "Surprise party", dueDate: future, shouldRemind: true), to: list.id)
        let request = try #require(try pending().first)
        #expect(request.content.title == "Checklists reminder")
        #expect(!request.content.body.contains("Groceries"))
        let bytes = try dir.allBytes()
        let leaked = bytes.contains(utf8: "Surprise")
        #expect(!leaked)
    }

    /// A thief with a copy of the data directory finds no trace of a deleted reminder's text:
    /// neither in reminders.sqlite nor in either WAL (which keeps old pages until truncated).
    @Test func aDeletedItemsReminderLeavesNoTextInAnyFile() throws {
        let item = try store.addItem(
            NewItem(text: "Surprise party", dueDate: future, shouldRemind: true), to: list.id)
        #expect(try pending().map(\.content.title) == ["Surprise party"])
        _ = try store.deleteItem(id: item.id)
        #expect(try pending().isEmpty)
        let leaked = try dir.allBytes().contains(utf8: "Surprise")
        #expect(!leaked)
    }

    /// Applying reminder changes leaves the store deleting securely: it turned `secure_delete`
    /// off after each (Debian's SQLite has it on by default), so an item deleted later by the
    /// same process (the desktop app, the terminal UI) left its sealed text in the file's free
    /// space, where a new data key (`lock enable`) does not reach: the old key opened it there.
    @Test func anItemDeletedAfterAReminderChangeLeavesNothingUnderTheOldKey() throws {
        try store.addItem(NewItem(text: "Buy milk", dueDate: future, shouldRemind: true), to: list.id)
        let item = try store.addItem(NewItem(text: "Surprise party"), to: list.id)
        let db = try Database(path: dir.appending("checklists.sqlite"), create: false)
        let stmt = try db.prepare("SELECT text FROM items WHERE id = ?")
        try stmt.bind(.int(item.id))
        let sealed = try stmt.step() ? Array(stmt.blob(0).prefix(32)) : []
        stmt.reset()
        db.close()
        _ = try store.deleteItem(id: item.id)
        try store.rekey(to: try SecureBytes(randomCount: 32))
        #expect(sealed.count == 32)
        #expect(!(try dir.allBytes().contains(bytes: sealed)))
    }

    @Test func hidingItemTextLeavesNoTextInAnyFile() throws {
        try store.addItem(NewItem(text: "Surprise party", dueDate: future, shouldRemind: true), to: list.id)
        try center.setShowsItemText(false)
        try ReminderScheduler(center: center, store: store, dates: DueDate.Display(locale: Locale(identifier: "en_US")))
            .rescheduleAll()
        #expect(try pending().map(\.content.title) == ["Checklists reminder"])
        let leaked = try dir.allBytes().contains(utf8: "Surprise")
        #expect(!leaked)
    }

    @Test func renamingTheListRefreshesItsReminders() throws {
        try store.addItem(NewItem(text: "Buy milk", dueDate: future, shouldRemind: true), to: list.id)
        try store.updateChecklist(id: list.id, name: "Shopping", icon: .inbox)
        let request = try #require(try pending().first)
        #expect(request.content.body.hasPrefix("Shopping"))
        #expect(request.content.iconName == "Inbox")
    }

    @Test func intentsWaitInTheOutboxUntilTheAgentAppliesThem() throws {
        let other = TemporaryDirectory()
        let store = try ChecklistStore(directory: other.path, keyProvider: FixedKeyProvider())
        struct Broken: Error {}
        let failures = Failures()
        ReminderScheduler(store: store, dates: DueDate.Display(locale: Locale(identifier: "en_US"))) {
            throw Broken()
        }.start { _ in failures.count.add(1, ordering: .relaxed) }
        let listID = try store.addChecklist(name: "Trips").id
        // Items without reminders write nothing to the outbox: the reminders store is not needed.
        let plain = try store.addItem(NewItem(text: "Socks"), to: listID)
        try store.updateItem(id: plain.id, ItemChanges(text: "Wool socks"))
        try store.deleteItem(id: plain.id)
        #expect(failures.count.load(ordering: .relaxed) == 0)
        let kept = try store.addItem(NewItem(text: "Passport", dueDate: future, shouldRemind: true), to: listID)
        let gone = try store.addItem(NewItem(text: "Visa", dueDate: future, shouldRemind: true), to: listID)
        try store.deleteItem(id: gone.id)
        #expect(failures.count.load(ordering: .relaxed) == 3)
        // The agent's way: plain SQLite, no data key, in order (the deleted one stays cancelled).
        let center = try Reminders.NotificationCenter(directory: other.path)
        #expect(try ReminderOutbox.drain(directory: other.path, into: center) == 3)
        #expect(try center.pendingNotificationRequests().map(\.identifier) == ["item-\(kept.id)"])
        #expect(try ReminderOutbox.drain(directory: other.path, into: center) == 0)
    }
}

/// Counts failures reported from the store's callbacks.
final class Failures: Sendable {
    let count = Atomic<Int>(0)
}
