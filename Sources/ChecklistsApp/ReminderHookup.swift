import ChecklistsKit
import Foundation
import ReminderAgent
import Reminders
import Synchronization

/// Connects a store to its reminders: a scheduler that records every change's reminder intents
/// in the change's transaction and applies them after it, opening the reminders store only
/// when there is something to apply (so read-only commands never touch it), and wakes a running
/// reminder agent after each change. Remembers whether
/// anything changed, and reports once when the reminders store cannot be used: the content is
/// saved all the same, and the intents wait in the outbox.
final class ReminderHookup: Sendable {
    let scheduler: ReminderScheduler
    private let status: Status

    /// Whether this process changed the store or the reminders.
    var changed: Bool { status.state.withLock { $0.changed } }

    /// - Parameter failed: Told once when the reminders could not be updated.
    init(home: String, store: ChecklistStore, dates: DueDate.Display, failed: @escaping @Sendable (any Error) -> Void) {
        status = Status(failed: failed)
        scheduler = ReminderScheduler(store: store, dates: dates) { try Reminders.NotificationCenter(directory: home) }
        let status = self.status
        scheduler.start { error in status.warn(error) }
        // After the scheduler (observers run in order): a running agent sleeps until the next
        // reminder it knows of, so every committed change of lists or items wakes it to re-plan,
        // whichever front end made it (the desktop app never did). Nothing happens when no agent
        // runs; a datagram costs microseconds.
        store.addObserver { _ in
            status.state.withLock { $0.changed = true }
            ReminderAgent.poke(home: home)
        }
    }

    /// Applies what an earlier, interrupted command left in the outbox.
    func catchUp() {
        do {
            if try scheduler.deliver() > 0 { status.state.withLock { $0.changed = true } }
        } catch {
            status.warn(error)
        }
    }

    /// Re-renders every reminder (after the item-text setting changed).
    func rescheduleAll() {
        do {
            try scheduler.rescheduleAll()
            status.state.withLock { $0.changed = true }
        } catch {
            status.warn(error)
        }
    }

    /// What the hookup remembers, shared with the store's callbacks.
    private final class Status: Sendable {
        let state = Mutex((changed: false, warned: false))
        let failed: @Sendable (any Error) -> Void

        init(failed: @escaping @Sendable (any Error) -> Void) {
            self.failed = failed
        }

        /// Tells `failed`, once per session.
        func warn(_ error: any Error) {
            let first = state.withLock { s in
                defer { s.warned = true }
                return !s.warned
            }
            guard first else { return }
            failed(error)
        }
    }
}
