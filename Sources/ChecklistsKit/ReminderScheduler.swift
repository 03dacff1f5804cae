import Foundation
import Localization
import Reminders
import Synchronization

/// Keeps the reminders in step with the items (the iOS app's five cases):
/// saved with remind on and a future due date → scheduled; due date changed → replaced;
/// remind turned off → cancelled; item deleted → cancelled; list deleted → all cancelled.
/// A due date in the past is never scheduled, nor is a checked (done) item's reminder: checking
/// cancels it, unchecking schedules it again if it is still ahead.
///
/// Crash-consistent: what a change means for the reminders is written to the outbox of
/// `checklists.sqlite` in the change's own transaction, and applied to `reminders.sqlite` after
/// the commit (see `ReminderOutbox`). If that second step does not happen — a kill, a damaged
/// reminders store — the intents wait, and `deliver()` (any later command, the agent) applies them.
public final class ReminderScheduler: Sendable {
    private let store: ChecklistStore
    private let dates: DueDate.Display
    private let now: @Sendable () -> Date
    private let openCenter: @Sendable () throws -> Reminders.NotificationCenter
    private let center = Mutex<Reminders.NotificationCenter?>(nil)

    /// A scheduler that opens the reminders store only when it needs it (`center` may fail,
    /// e.g. on a damaged file; the content is saved all the same and the intents wait).
    public init(
        store: ChecklistStore, dates: DueDate.Display, now: @escaping @Sendable () -> Date = { Date() },
        center: @escaping @Sendable () throws -> Reminders.NotificationCenter
    ) {
        self.store = store
        self.dates = dates
        self.now = now
        openCenter = center
    }

    /// A scheduler writing to `center`.
    public convenience init(
        center: Reminders.NotificationCenter, store: ChecklistStore, dates: DueDate.Display,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(store: store, dates: dates, now: now) { center }
    }

    /// The request identifier of an item.
    public static func identifier(for itemID: Int64) -> String { "item-\(itemID)" }

    /// Follows every change of the store from now on: records its intents in its transaction,
    /// then applies them. - Parameter onFailure: Told when applying failed (the intents wait).
    public func start(onFailure: @escaping @Sendable (any Error) -> Void = { _ in }) {
        store.setJournal { [self] change, state in
            try ReminderOutbox.append(try intents(for: change, in: state), in: state.db)
        }
        store.addObserver { [self] _ in
            do { try deliver() } catch { onFailure(error) }
        }
    }

    /// Applies the intents waiting in the outbox to the reminders store.
    /// - Returns: How many were applied (0 without opening the reminders store when none wait).
    @discardableResult
    public func deliver() throws -> Int {
        guard try store.read({ s in try ReminderOutbox.hasPending(in: s.db) }) else { return 0 }
        let center = try reminders()
        let applied = try store.write { s in try ReminderOutbox.drain(s.db, into: center) }
        // The outbox rows' text stays in the WAL's old frames until it is truncated.
        try store.read { s in s.db.truncateWAL(waiting: 200) }
        return applied
    }

    /// Renders every reminder again (after the item-text setting changed) and applies them.
    public func rescheduleAll() throws {
        try store.write { s in
            let lists = try s.db.prepare("SELECT id FROM checklists")
            var ids: [Int64] = []
            while try lists.step() { ids.append(lists.int64(0)) }
            for id in ids {
                for item in try s.items(listID: id) where item.shouldRemind {
                    try ReminderOutbox.append(try intents(for: .itemSaved(old: item, new: item), in: s), in: s.db)
                }
            }
        }
        try deliver()
    }

    /// Whether `item` gets a reminder: remind on, not checked, and due in the future.
    public func wantsReminder(_ item: ChecklistItem) -> Bool {
        item.remindsAfter(now())
    }

    /// What `change` means for the reminders. Items whose remind flag is and was off have none,
    /// so ordinary adds, edits and deletes cost nothing here.
    func intents(for change: StoreChange, in s: ChecklistStore.State) throws -> [ReminderIntent] {
        switch change {
        case .itemSaved(let old, let new):
            if wantsReminder(new) { return [try schedule(new, in: s)] }
            return old?.shouldRemind == true || new.shouldRemind ? [.cancel(Self.identifier(for: new.id))] : []
        case .itemDeleted(let item):
            return item.shouldRemind ? [.cancel(Self.identifier(for: item.id))] : []
        case .listDeleted(_, let items):
            return items.filter(\.shouldRemind).map { .cancel(Self.identifier(for: $0.id)) }
        case .listAdded(let list), .listUpdated(let list):
            // The notifications show the list's name and icon: render the list's reminders again.
            return try s.items(listID: list.id).filter(\.shouldRemind).map { item in
                wantsReminder(item) ? try schedule(item, in: s) : .cancel(Self.identifier(for: item.id))
            }
        case .itemChecked(let item):
            guard item.shouldRemind else { return [] }
            return [wantsReminder(item) ? try schedule(item, in: s) : .cancel(Self.identifier(for: item.id))]
        }
    }

    private func schedule(_ item: ChecklistItem, in s: ChecklistStore.State) throws -> ReminderIntent {
        let due = item.dueDate ?? now()
        let dueText = dates.string(due, allDay: item.isAllDay)
        let list = try s.checklist(id: item.listID)
        // Without a readable reminders store the item-text setting is unknown: keep the text out.
        let showsText = (try? reminders())?.showsItemText ?? false
        let content =
            showsText
            ? NotificationContent(
                title: item.text, body: tr("%@ · due %@", list?.name ?? "Checklists", dueText),
                iconName: list?.icon.name ?? Icon.noIcon.name)
            : NotificationContent(
                title: tr("Checklists reminder"), body: tr("Due %@", dueText), iconName: Icon.noIcon.name)
        return .schedule(
            NotificationRequest(
                identifier: Self.identifier(for: item.id), content: content, trigger: DateTrigger(date: due)))
    }

    /// The reminders store, opened once (a failed open is tried again next time).
    private func reminders() throws -> Reminders.NotificationCenter {
        if let open = center.withLock({ $0 }) { return open }
        let opened = try openCenter()
        center.withLock { $0 = opened }
        return opened
    }
}
