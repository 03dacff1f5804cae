import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Search (Ctrl+F): a search entry over the items of every list; each result shows the item's
/// text and its list, and activating one (or Enter for the first) opens that list.
@MainActor
final class SearchWindow {
    private let session: AppSession
    private let window: Widget
    private let entry: Widget
    private let list: Widget
    private let status: Widget
    private var results: [(item: ChecklistItem, list: Checklist)] = []
    /// Opens a result's list.
    private let onOpen: (Checklist, ChecklistItem) -> Void
    /// Results left out: items and lists whose delete is pending (undo toast shown).
    private let hides: (ChecklistItem, Checklist) -> Bool

    init(
        parent: UnsafeMutablePointer<GtkWindow>, session: AppSession,
        hides: @escaping (ChecklistItem, Checklist) -> Bool, onOpen: @escaping (Checklist, ChecklistItem) -> Void
    ) {
        self.session = session
        self.onOpen = onOpen
        self.hides = hides
        window = adw_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, tr("Search"))
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
        gtk_window_set_default_size(gtkWindow, 520, 420)
        entry = gtk_search_entry_new()
        Accessible.setLabel(entry, tr("Search Items"))
        gtk_widget_set_hexpand(entry, 1)
        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(typed(header), entry)
        list = gtk_list_box_new()
        gtk_widget_add_css_class(list, "navigation-sidebar")
        Accessible.setLabel(list, tr("Search Results"))
        status = Build.label("", classes: ["dim-label"], xalign: 0.5)
        Build.margins(status, 12)
        let body = Build.box(vertical: true, [status, Build.scrolled(list)])
        adw_window_set_content(Cast.to(AdwWindow.self, window), Build.box(vertical: true, [header, body]))

        Signals.connect(Cast.object(entry), "search-changed") { [weak self] in self?.search() }
        Signals.connect(Cast.object(entry), "activate") { [weak self] in self?.choose(0) }
        Signals.connect(Cast.object(entry), "stop-search") { [window] in
            gtk_window_destroy(Cast.to(GtkWindow.self, window))
        }
        Signals.connect(
            Cast.object(list), "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                self.choose(Int(gtk_list_box_row_get_index(Cast.to(GtkListBoxRow.self, OpaquePointer(row)))))
            })
        search()
    }

    func present() {
        let retained = Unmanaged.passRetained(self)
        Signals.connect(Cast.object(window), "destroy") { retained.release() }
        LockedWindows.close(window, when: session)
        gtk_window_present(Cast.to(GtkWindow.self, window))
        gtk_widget_grab_focus(entry)
    }

    private func search() {
        let query = Build.text(of: entry)
        results = ((try? session.searchItems(query)) ?? []).filter { !hides($0.item, $0.list) }
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(typed(list), child) }
        for (item, list) in results { gtk_list_box_append(typed(self.list), row(item, in: list)) }
        if query.isEmpty {
            Build.setText(status, tr("Type to search the items of every checklist."))
        } else {
            Build.setText(status, trn("%d match", "%d matches", results.count))
        }
    }

    /// A row: the item's text, its list's icon and name below.
    private func row(_ item: ChecklistItem, in list: Checklist) -> Widget {
        let text = Build.label(item.text)
        gtk_label_set_ellipsize(typed(text), PANGO_ELLIPSIZE_END)
        let icon = Build.image(list.icon.iconName)
        let name = Build.label(list.name, classes: ["dim-label", "caption"])
        let content = Build.box(
            vertical: true, spacing: 2, [text, Build.box(vertical: false, spacing: 6, [icon, name])])
        Build.margins(content, 6)
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(typed(row), content)
        Accessible.setLabel(row, item.text)
        Accessible.setDescription(row, list.name)
        return row
    }

    private func choose(_ index: Int) {
        guard results.indices.contains(index) else { return }
        let (item, list) = results[index]
        gtk_window_destroy(Cast.to(GtkWindow.self, window))
        onOpen(list, item)
    }
}
