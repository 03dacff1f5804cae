import CAdw
import CGtk
import ChecklistsKit
import GtkKit
import Localization

/// Delete with undo: the row goes at once, the store changes when the toast times out (or the
/// window closes); Undo or Ctrl+Z brings the row back. When the app locks first (minimised, the
/// session locked, the idle timeout), the toasts go (their text names what was deleted) and the
/// deletions wait for the next unlock.
extension MainWindow {
    func delete(_ item: ChecklistItem) {
        let toast = undoToast(tr("Deleted “%@”", item.text))
        deletes.add(.item(item), toast: toast)
        reloadItems()
        reloadLists()
    }

    func deleteCurrentList() {
        guard let list = current else { return }
        let toast = undoToast(tr("Deleted “%@”", list.name))
        deletes.add(.list(list), toast: toast)
        close()
        reloadLists()
    }

    /// Ctrl+Z and the toast's Undo: brings the last deleted row back.
    func undoDelete() {
        guard let pending = deletes.takeLast() else { return }
        adw_toast_dismiss(pending.toast)
        g_object_unref(Cast.object(pending.toast))
        reloadLists()
        if case .list(let list) = pending.target, let fresh = sidebar.lists.first(where: { $0.id == list.id }) {
            open(fresh)
        } else if case .item(let item) = pending.target {
            reloadItems()
            items.reveal(item.id)
        }
        toast(tr("Restored"))
    }

    /// Another process changed lists or items: the pending item deletions follow their items as
    /// they are now (the counts shown leave each out as it is now), and those whose item it
    /// deleted go with their toasts (Ctrl+Z would have said "Restored" and brought nothing back).
    func refreshPendingDeletes() {
        let gone = deletes.refresh { [session] id in try session.withStore { try $0.item(id: id) } }
        for pending in gone {
            adw_toast_dismiss(pending.toast)
            g_object_unref(Cast.object(pending.toast))
        }
    }

    /// The app locked: the undo toasts go (the deletions stay pending, see the type).
    func dismissUndoToasts() {
        for toast in deletes.toasts { adw_toast_dismiss(toast) }
    }

    /// Deletes for good every row waiting on its toast (the window closes, the app unlocks).
    func commitPendingDeletes() {
        writes.flush()
        while let pending = deletes.takeFirst() { commit(pending) }
    }

    private func commit(_ pending: PendingDeletes.Pending) {
        writes.flush()
        switch pending.target {
        case .item(let item): _ = attempt { try session.deleteItem(id: item.id) }
        case .list(let list): _ = attempt { try session.deleteList(id: list.id) }
        }
        g_object_unref(Cast.object(pending.toast))
    }

    private func undoToast(_ title: String) -> OpaquePointer {
        let toast = Toast.plain(title)
        adw_toast_set_button_label(toast, tr("Undo"))
        adw_toast_set_action_name(toast, "win.undo")
        adw_toast_set_timeout(toast, 5)
        Signals.connect(Cast.object(toast), "dismissed") { [weak self] in
            // Locked: the store is closed; the deletion stays pending until the next unlock.
            guard let self, !self.session.isLocked, let pending = self.deletes.take(toast) else { return }
            self.commit(pending)
            self.reloadLists()
        }
        adw_toast_overlay_add_toast(OpaquePointer(toasts), g_object_ref(Cast.object(toast)).map(OpaquePointer.init))
        return toast
    }
}
