import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Lists and items: reading them from the session, showing them, and the user's edits.
extension MainWindow {
    /// Re-reads the lists (a few hundred at most) and shows them without the ones being deleted.
    func reloadLists() {
        writes.flush()
        guard let lists = attempt({ try session.lists() }) else { return }
        let shown = lists.filter { !deletes.hidesList($0.id) }.map(deletes.adjusted)
        sidebar.show(shown, selected: current?.id)
        if let current, let fresh = shown.first(where: { $0.id == current.id }) {
            self.current = fresh
            adw_window_title_set_subtitle(OpaquePointer(contentTitle), fresh.status.localizedText)
            adw_window_title_set_title(OpaquePointer(contentTitle), fresh.name)
        } else if current != nil {
            close()
        } else {
            showPlaceholder()
        }
    }

    /// Shows `list`'s items with item `id` selected and focused.
    func open(_ list: Checklist, at id: Int64) {
        open(list)
        items.reveal(id)
    }

    /// Shows `list`'s items in the content pane.
    func open(_ list: Checklist, focus: Bool = false) {
        current = list
        adw_window_title_set_title(OpaquePointer(contentTitle), list.name)
        adw_window_title_set_subtitle(OpaquePointer(contentTitle), list.status.localizedText)
        for button in contentButtons { Build.sensitive(button, true) }
        reloadItems()
        adw_leaflet_set_visible_child_name(OpaquePointer(leaflet), "content")
        if focus { items.focus() }
    }

    /// Ctrl+F: searches the items of every list; a chosen result opens its list at the item
    /// (selected, scrolled to and focused: Space toggles it).
    func search() {
        SearchWindow(
            parent: gtkWindow, session: session,
            hides: { [deletes] item, list in deletes.hidesList(list.id) || deletes.hidesItem(item.id) }
        ) { [weak self] list, item in
            self?.open(list, at: item.id)
        }.present()
    }

    /// Re-reads the open list's items.
    func reloadItems() {
        guard let current else { return }
        writes.flush()
        guard let all = attempt({ try session.items(in: current.id) }) else { return }
        let shown = all.filter { !deletes.hidesItem($0.id) }
        items.show(shown)
        if shown.isEmpty {
            adw_status_page_set_title(OpaquePointer(placeholder), tr("No Items"))
            adw_status_page_set_description(OpaquePointer(placeholder), tr("Add an item with Ctrl+N."))
            gtk_stack_set_visible_child_name(OpaquePointer(contentStack), "placeholder")
        } else {
            gtk_stack_set_visible_child_name(OpaquePointer(contentStack), "items")
        }
    }

    /// No list open.
    func close() {
        current = nil
        adw_window_title_set_title(OpaquePointer(contentTitle), "")
        adw_window_title_set_subtitle(OpaquePointer(contentTitle), "")
        items.show([])
        showPlaceholder()
        adw_leaflet_set_visible_child_name(OpaquePointer(leaflet), "sidebar")
    }

    private func showPlaceholder() {
        guard current == nil else { return }
        for button in contentButtons { Build.sensitive(button, false) }
        adw_status_page_set_title(OpaquePointer(placeholder), tr("No Checklist Selected"))
        adw_status_page_set_description(
            OpaquePointer(placeholder), tr("Choose a checklist or add one with Ctrl+Shift+N."))
        gtk_stack_set_visible_child_name(OpaquePointer(contentStack), "placeholder")
    }

    // MARK: - Edits

    /// Checks or unchecks an item: its row and the list's counts show the new state at once,
    /// and the store is written off the main thread (`ItemWrites`; its own change comes back as
    /// no change event). If the write fails, a toast says so and the window shows the store's
    /// state again.
    func toggle(_ id: Int64) {
        guard var list = current, var item = items.item(id) else { return }
        item.checked.toggle()
        items.update(item)
        list.remaining = min(list.total, max(0, list.remaining + (item.checked ? -1 : 1)))
        showCounts(list)
        writes.setChecked(id, item.checked)
    }

    /// The open list's new counts, in the content title and the sidebar row (nothing re-read).
    private func showCounts(_ list: Checklist) {
        current = list
        adw_window_title_set_subtitle(OpaquePointer(contentTitle), list.status.localizedText)
        sidebar.update(list)
    }

    /// A toggle could not be written: the window shows the store's state again.
    func writeFailed(_ failure: ItemWrites.Failure) {
        switch failure {
        case .locked: showLockScreen()
        case .other(let reason):
            toast(tr("Could not save: %@", reason))
            reloadItems()
            reloadLists()
        }
    }

    func addItem() {
        guard let list = current else { return toast(tr("Choose a checklist first.")) }
        ItemForm(parent: gtkWindow, item: nil, presenter: presenter) { [weak self] text, due, allDay, remind in
            guard let self else { return }
            let new = NewItem(text: text, dueDate: self.allDayDue(due, allDay), isAllDay: allDay, shouldRemind: remind)
            if self.attempt({ try self.session.addItem(new, to: list.id) }) != nil {
                self.reloadItems()
                self.reloadLists()
                if remind { self.askNotificationPermissionOnce() }
            }
        }.present()
    }

    func editItem(_ item: ChecklistItem) {
        ItemForm(parent: gtkWindow, item: item, presenter: presenter) { [weak self] text, due, allDay, remind in
            guard let self else { return }
            let changes = ItemChanges(
                editing: item, text: text, dueDate: self.allDayDue(due, allDay), isAllDay: allDay, shouldRemind: remind)
            if let edited = self.attempt({ try self.session.editItem(id: item.id, changes) }) {
                self.items.update(edited)
                self.reloadLists()
                if remind { self.askNotificationPermissionOnce() }
            }
        }.present()
    }

    /// A day chosen as all-day is due at the all-day hour, as one typed is; a time stays as chosen.
    private func allDayDue(_ due: Date?, _ allDay: Bool) -> Date? {
        guard allDay, let due else { return due }
        return DueDate.allDay(onDayOf: due, hour: session.allDayHour, timeZone: .current)
    }

    func addList() {
        ListForm(parent: gtkWindow, list: nil) { [weak self] name, icon in
            guard let self, let list = self.attempt({ try self.session.addList(name: name, icon: icon) }) else {
                return
            }
            self.reloadLists()
            self.open(list)
        }.present()
    }

    func editList(_ list: Checklist) {
        ListForm(parent: gtkWindow, list: list) { [weak self] name, icon in
            guard let self else { return }
            // Only what was changed in the form: a rename made elsewhere while it was open stays.
            _ = self.attempt {
                try self.session.editList(
                    id: list.id, name: name == list.name ? nil : name, icon: icon == list.icon ? nil : icon)
            }
            self.reloadLists()
        }.present()
    }

    /// Runs a session call; shows its failure as a toast (and the lock screen when locked).
    func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch AppSessionError.locked {
            showLockScreen()
        } catch {
            toast(tr("Could not save: %@", String(describing: error)))
        }
        return nil
    }
}
