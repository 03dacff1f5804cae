import ChecklistsApp
import Dispatch

/// The window's item toggles, written to the store in order on a serial queue of their own, so
/// that the main thread never waits for the store's disk sync: the window shows the new state at
/// once and, when a write fails, `failed` runs on the main thread (the window says so and shows
/// the store's state again).
///
/// Safe with the session's threading: the session serializes every use of its store under one
/// lock, whichever thread calls, so a write here and a read on the main thread never overlap
/// (the main thread waits for a write under way only when it reads the store itself, e.g. for
/// another process's change, never for a toggle). Whatever reads or deletes after a toggle calls
/// `flush` first, so it sees the toggles in the order they were made.
@MainActor
final class ItemWrites {
    /// Why a write failed.
    enum Failure: Sendable {
        /// The session locked before the write (the lock screen shows).
        case locked
        /// Anything else, as the user reads it.
        case other(String)
    }

    private let queue = DispatchQueue(label: "checklists-gtk.item-writes")
    private let session: AppSession
    /// A write failed (on the main thread).
    var failed: (Failure) -> Void = { _ in }

    init(session: AppSession) {
        self.session = session
    }

    /// Checks or unchecks item `id` in the store, after the writes queued before.
    func setChecked(_ id: Int64, _ checked: Bool) {
        let session = self.session
        queue.async {
            let failure: Failure
            do {
                _ = try session.setChecked(id: id, checked)
                return
            } catch AppSessionError.locked {
                failure = .locked
            } catch {
                failure = .other(String(describing: error))
            }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.failed(failure) } }
        }
    }

    /// Waits until the writes queued so far are done.
    func flush() {
        queue.sync {}
    }
}
