import Foundation
import Reminders

/// Keeps the reminders in step with the items (the iOS app's five cases):
/// saved with remind on and a future due date → scheduled; due date changed → replaced;
/// remind turned off → cancelled; item deleted → cancelled; list deleted → all cancelled.
/// A due date in the past is never scheduled.
public final class ReminderScheduler: Sendable {
    public let center: Reminders.NotificationCenter
    private let store: ChecklistStore
    private let dates: DueDate.Display
    private let now: @Sendable () -> Date

    public init(
        center: Reminders.NotificationCenter, store: ChecklistStore, dates: DueDate.Display,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.center = center
        self.store = store
        self.dates = dates
        self.now = now
    }

    /// The request identifier of an item.
    public static func identifier(for itemID: Int64) -> String { "item-\(itemID)" }

    /// Follows every change of the store from now on.
    @discardableResult
    public func start() -> UInt64 {
        store.addObserver { [self] change in try? self.handle(change) }
    }

    /// Applies one change.
    public func handle(_ change: StoreChange) throws {
        switch change {
        case .itemSaved(_, let item):
            try reschedule(item)
        case .itemDeleted(let item):
            try center.removePendingNotificationRequests(withIdentifiers: [Self.identifier(for: item.id)])
        case .listDeleted(_, let items):
            try center.removePendingNotificationRequests(withIdentifiers: items.map { Self.identifier(for: $0.id) })
        case .listUpdated(let list):
            // The notifications show the list's name and icon: refresh the pending ones.
            for item in try store.items(in: list.id) where item.shouldRemind { try reschedule(item) }
        case .listAdded, .itemChecked:
            break
        }
    }

    /// Whether `item` gets a reminder: remind on, and due in the future.
    public func wantsReminder(_ item: ChecklistItem) -> Bool {
        guard item.shouldRemind, let due = item.dueDate else { return false }
        return due > now()
    }

    private func reschedule(_ item: ChecklistItem) throws {
        let identifier = Self.identifier(for: item.id)
        guard wantsReminder(item), let due = item.dueDate else {
            try center.removePendingNotificationRequests(withIdentifiers: [identifier])
            return
        }
        let list = try store.checklist(id: item.listID)
        let content =
            center.showsItemText
            ? NotificationContent(
                title: item.text, body: "\(list?.name ?? "Checklists") · due \(dates.string(due))",
                iconName: list?.icon.name ?? Icon.noIcon.name)
            : NotificationContent(
                title: "Checklists reminder", body: "Due \(dates.string(due))", iconName: Icon.noIcon.name)
        try center.add(NotificationRequest(identifier: identifier, content: content, trigger: DateTrigger(date: due)))
    }
}
