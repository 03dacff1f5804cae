import ChecklistsKit
import Foundation
import Reminders
import TestSupport
import Testing

/// The items of an import are gathered first and then sealed (on every core for a large batch)
/// and inserted together (`ImportRows`): what the user sees is as when each was added in turn.
@Suite struct ImportRowsTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("data") }

    func open() throws -> ChecklistStore {
        try ChecklistStore(directory: home, keyProvider: FileKeyProvider(path: home + "/data.key"))
    }

    /// A batch large enough to be sealed on several threads reads back, every text under its own
    /// item (a text sealed into another row's place would not open), in a store opened again.
    @Test func aLargeBatchSealedInParallelReadsBackItemByItem() throws {
        let texts = (0..<5000).map { n in n % 7 == 0 ? String(repeating: "é", count: n % 50) + "#\(n)" : "Item \(n)" }
        let batch = ImportBatch(lists: [
            .init(name: "A", items: texts.prefix(3000).map { .init(text: $0) }),
            .init(name: "B", items: texts.dropFirst(3000).map { .init(text: $0, checked: true) }),
        ])
        #expect(try open().importBatch(batch).itemsAdded == 5000)
        let store = try open()
        let a = try store.items(in: try store.resolveList("A").id)
        let b = try store.items(in: try store.resolveList("B").id)
        #expect((a + b).map(\.text) == texts)
        #expect(Set((a + b).map(\.id)).count == 5000)
        #expect(
            try store.checklists().map { "\($0.name) \($0.total) \($0.remaining)" }.sorted() == [
                "A 3000 3000", "B 2000 0", "List 0 0",
            ])
    }

    /// An item ID given twice in one batch is matched against the first, as a stored one is:
    /// the same text in the same list is skipped, another text gets a fresh ID.
    @Test func anIDGivenTwiceInOneBatchIsMatchedLikeAStoredOne() throws {
        let store = try open()
        let summary = try store.importBatch(
            ImportBatch(lists: [
                .init(name: "L", items: [.init(id: 4, text: "x"), .init(id: 4, text: "x"), .init(id: 4, text: "y")])
            ]))
        #expect(summary.itemsAdded == 2 && summary.itemsSkipped == 1)
        let items = try store.items(in: try store.resolveList("L").id)
        #expect(items.map(\.text) == ["x", "y"])
        #expect(items[0].id == 4 && items[1].id == 5)
    }

    /// Items without uid or ID are matched by text against the items the same batch adds to the
    /// same list before them, as against stored ones.
    @Test func textsAreMatchedAgainstEarlierItemsOfTheBatch() throws {
        let store = try open()
        let list = try store.addChecklist(name: "L")
        try store.addItems([NewItem(text: "stored")], to: list.id)
        let summary = try store.importBatch(
            ImportBatch(lists: [
                .init(name: "L", items: [.init(id: 7, text: "new"), .init(text: "new"), .init(text: "stored")])
            ]))
        #expect(summary.itemsAdded == 1 && summary.itemsSkipped == 2)
        #expect(try store.items(in: list.id).map(\.text) == ["stored", "new"])
    }

    /// Only items with a reminder reach the reminder journal; one due in the past is cancelled,
    /// not scheduled, as when it is added by hand.
    @Test func onlyRemindedItemsReachTheReminders() throws {
        let store = try open()
        let center = try Reminders.NotificationCenter(directory: home)
        let scheduler = ReminderScheduler(
            center: center, store: store, dates: DueDate.Display(locale: Locale(identifier: "en_US")))
        scheduler.start()
        let future = Date(timeIntervalSinceNow: 86_400 * 30)
        let past = Date(timeIntervalSinceNow: -86_400)
        var items: [ImportBatch.Item] = []
        for n in 0..<3000 {
            let due: Date = n % 2 == 0 ? future : past
            let remind: Bool = n % 1000 < 2
            items.append(ImportBatch.Item(id: Int64(n), text: "i\(n)", dueDate: due, shouldRemind: remind))
        }
        try store.importBatch(ImportBatch(lists: [ImportBatch.List(name: "L", items: items)]))
        #expect(
            try center.pendingNotificationRequests().map(\.identifier).sorted() == ["item-0", "item-1000", "item-2000"])
    }
}
