import ChecklistsKit
import Foundation
import Reminders

/// Connects a store to its reminders: opens the reminders store and the scheduler on the first
/// change (so read-only commands never touch them) and remembers whether anything changed.
final class ReminderHookup: @unchecked Sendable {
    private let home: String
    private let store: ChecklistStore
    private let dates: DueDate.Display
    private let lock = NSLock()
    private var scheduler: ReminderScheduler?
    private(set) var changed = false

    init(home: String, store: ChecklistStore, dates: DueDate.Display) {
        self.home = home
        self.store = store
        self.dates = dates
    }

    func handle(_ change: StoreChange) {
        let scheduler: ReminderScheduler? = lock.withLock {
            changed = true
            if self.scheduler == nil, let center = try? Reminders.NotificationCenter(directory: home) {
                self.scheduler = ReminderScheduler(center: center, store: store, dates: dates)
            }
            return self.scheduler
        }
        do { try scheduler?.handle(change) } catch {
            Output.error("checklists: the reminder could not be updated: \(error)")
        }
    }
}
