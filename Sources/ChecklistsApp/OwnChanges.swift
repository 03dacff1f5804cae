import ChecklistsKit
import Foundation
import Synchronization

/// The change-log rows a session's own writes made, shared by the session and its change monitor,
/// so that the change events a session delivers are other processes' (and other sessions')
/// changes only: a window that has already shown its own change reloads nothing.
///
/// The session records its rows (`ChecklistStore.takeOwnChanges`) right after each content call,
/// with `gate` held from before the call until they are recorded; the monitor reads the change
/// log with `gate` held too, so it never sees a row of the session's before it knows the row
/// is the session's.
final class OwnChanges: Sendable {
    /// Held by a store call and its recording, and by the monitor's reading of the log.
    let gate = NSRecursiveLock()
    /// Sequence numbers recorded and not yet seen by the monitor.
    private let seqs = Mutex<Set<Int64>>([])

    /// Runs `body` (a store call on `store`) and records the change-log rows it wrote. Rows the
    /// connection wrote before (outside a content call) are dropped first, not counted as own.
    func recording<T>(_ store: ChecklistStore, _ body: () throws -> T) rethrows -> T {
        gate.lock()
        _ = try? store.takeOwnChanges()
        defer {
            if let own = try? store.takeOwnChanges(), !own.isEmpty { seqs.withLock { $0.formUnion(own) } }
            gate.unlock()
        }
        return try body()
    }

    /// Whether row `seq` is the session's own (then it is forgotten: each row is read once).
    func take(_ seq: Int64) -> Bool {
        seqs.withLock { $0.remove(seq) != nil }
    }

    /// Forgets the rows up to `seq` (the monitor read past them, or they were pruned unread).
    func forget(through seq: Int64) {
        seqs.withLock { set in
            if set.contains(where: { $0 <= seq }) { set = set.filter { $0 > seq } }
        }
    }
}
