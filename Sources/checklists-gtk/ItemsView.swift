import CGtk
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// The Checklist screen's rows: a `GtkListView` over a string list of item IDs, with recycled
/// row widgets (check button on the left, text, due date, bell, edit and delete buttons).
/// Keyboard: Space on a focused row toggles its check, Enter edits it, Delete deletes it.
@MainActor
final class ItemsView {
    /// The scrolled list view.
    let widget: Widget
    private let model: OpaquePointer
    private let selection: OpaquePointer
    private let listView: Widget
    /// The items shown, by ID.
    private var items: [Int64: ChecklistItem] = [:]
    /// The shown IDs in row order.
    private(set) var order: [Int64] = []
    /// The item each row widget shows now (row box → item ID).
    private var bound: [UnsafeMutableRawPointer: Int64] = [:]
    /// True while `bind` sets a check button (its "toggled" is not the user's).
    private var binding = false
    private let dates: DueDate.Display
    /// Due dates as shown, by date: formatting one through Foundation costs tens of
    /// microseconds, and GTK binds about 200 rows on a jump.
    private var dueTexts: [DueKey: String] = [:]
    /// The user clicked an item's check button.
    var onToggle: (Int64) -> Void = { _ in }
    /// Edit Item.
    var onEdit: (ChecklistItem) -> Void = { _ in }
    /// Delete (with undo).
    var onDelete: (ChecklistItem) -> Void = { _ in }

    init(locale: Locale) {
        dates = DueDate.Display(locale: locale)
        model = gtk_string_list_new(nil)
        let factory = gtk_signal_list_item_factory_new()!
        selection = gtk_single_selection_new(model)
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        gtk_single_selection_set_selected(selection, UInt32.max)  // GTK_INVALID_LIST_POSITION
        listView = gtk_list_view_new(selection, factory)
        Accessible.setLabel(listView, tr("Items"))
        gtk_widget_add_css_class(listView, "rich-list")
        widget = Build.scrolled(listView)
        Signals.connect(Cast.object(factory), "setup", listItem: { [weak self] item in self?.setUp(item) })
        Signals.connect(Cast.object(factory), "bind", listItem: { [weak self] item in self?.bind(item) })
        Signals.connect(
            Cast.object(factory), "unbind",
            listItem: { [weak self] item in
                guard let row = gtk_list_item_get_child(item) else { return }
                self?.bound[UnsafeMutableRawPointer(row)] = nil
            })
        Signals.connect(
            Cast.object(listView), "activate",
            withIndex: { [weak self] index in
                guard let self, self.order.indices.contains(Int(index)), let item = self.items[self.order[Int(index)]]
                else { return }
                self.onEdit(item)
            })
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connect(
            Cast.object(keys), "key-pressed",
            key: { [weak self] key, state in
                self?.pressed(key, state: state) ?? false
            })
        gtk_widget_add_controller(listView, keys)
    }

    /// Shows `items` (already in order). Only the rows that changed place are replaced in the
    /// model (one for an add, a delete or an undo), so the others keep their widgets, the
    /// scroll position and the keyboard focus.
    func show(_ newItems: [ChecklistItem]) {
        items = Dictionary(newItems.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newOrder = newItems.map(\.id)
        let shared = min(order.count, newOrder.count)
        var prefix = 0
        while prefix < shared && order[prefix] == newOrder[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shared - prefix && order[order.count - 1 - suffix] == newOrder[newOrder.count - 1 - suffix] {
            suffix += 1
        }
        // The rows that stay (a toggle or an edit, or this window's own change coming back as
        // a change event) are refreshed in place.
        for (row, id) in bound {
            if let item = items[id] { fill(row.assumingMemoryBound(to: GtkWidget.self), item) }
        }
        let removed = order.count - prefix - suffix
        let added = newOrder[prefix..<(newOrder.count - suffix)]
        order = newOrder
        guard removed > 0 || !added.isEmpty else { return }
        var strings = added.map { strdup(String($0)) }
        strings.append(nil)
        strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(model, UInt32(prefix), UInt32(removed), $0)
            }
        }
        for p in strings { free(p) }
    }

    /// Shows an item's new state (after a toggle or an edit) in its row, if a row shows it,
    /// without touching the model (the row keeps the keyboard focus).
    func update(_ item: ChecklistItem) {
        guard items[item.id] != nil else { return }
        items[item.id] = item
        for (row, id) in bound where id == item.id { fill(row.assumingMemoryBound(to: GtkWidget.self), item) }
    }

    /// The item shown with ID `id`.
    func item(_ id: Int64) -> ChecklistItem? { items[id] }

    /// Moves the keyboard focus into the list.
    func focus() { gtk_widget_grab_focus(listView) }

    /// Selects the row of item `id`, scrolls it into view and gives it the keyboard focus
    /// (a search result opened). Done after the pending frame: scrolling a list view that has
    /// not laid out its new model yet leaves it showing one row (GTK 4.8).
    func reveal(_ id: Int64) {
        guard let index = order.firstIndex(of: id) else { return }
        gtk_single_selection_set_selected(selection, UInt32(index))
        Idle.afterFrame { [weak self] in
            guard let self, self.order.indices.contains(index), self.order[index] == id else { return }
            gtk_widget_activate_action_variant(
                self.listView, "list.scroll-to-item", g_variant_new_uint32(UInt32(index)))
            Idle.afterFrame { [weak self] in self?.focusRow(of: id) }
        }
    }

    /// Focuses the row widget of `id` (bound once the view has scrolled to it).
    private func focusRow(of id: Int64) {
        guard let row = bound.first(where: { $0.value == id })?.key,
            let listItem = gtk_widget_get_parent(row.assumingMemoryBound(to: GtkWidget.self))
        else { return focus() }
        gtk_widget_grab_focus(listItem)
    }

    /// The item of the row that has the keyboard focus itself (not one of its buttons).
    private var focusedID: Int64? {
        guard let root = gtk_widget_get_root(listView), let focus = gtk_root_get_focus(root),
            gtk_widget_get_parent(focus) == listView, let row = gtk_widget_get_first_child(focus)
        else { return nil }
        return bound[UnsafeMutableRawPointer(row)]
    }

    /// Deletes `item` (the Delete key or its row's Delete button) and gives the keyboard focus to
    /// the row that took its place (or the one before it), else to the window: the focus stayed
    /// on the removed row's widgets, which GTK keeps for recycling, and the window's shortcuts
    /// (Ctrl+Z among them) did nothing until the next click.
    private func delete(_ item: ChecklistItem) {
        let index = order.firstIndex(of: item.id)
        onDelete(item)
        if let index, !order.isEmpty {
            reveal(order[min(index, order.count - 1)])
        } else if let root = gtk_widget_get_root(listView) {
            gtk_root_set_focus(root, nil)
        }
    }

    /// Space toggles the focused row's check; Delete deletes its item.
    private func pressed(_ key: UInt32, state: UInt32) -> Bool {
        let modifiers = GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_ALT_MASK.rawValue
        guard state & modifiers == 0, let id = focusedID else { return false }
        switch Int32(key) {
        case GDK_KEY_space, GDK_KEY_KP_Space:
            onToggle(id)
            return true
        case GDK_KEY_Delete, GDK_KEY_KP_Delete:
            guard let item = items[id] else { return false }
            delete(item)
            return true
        default:
            return false
        }
    }

    // MARK: - Rows

    /// A row is laid out by grids, not boxes: the check, the text above the due date, the bell
    /// and the buttons in one line. GTK 4.8 restyles the `box` and `image` nodes of every row
    /// whose position among the list's rows changes (Adwaita has selectors ending in `box` and
    /// `image` under `:hover` parents, so those nodes depend on their parent's position and
    /// state), which scrolling does to most of the ~200 bound rows on every frame; no selector
    /// names `grid`.
    private func setUp(_ listItem: OpaquePointer) {
        let check = gtk_check_button_new()!
        gtk_widget_set_valign(check, GTK_ALIGN_CENTER)
        // The row takes the keyboard focus, not its check: Space toggles, Enter edits (a
        // focused check would take Enter as a toggle).
        gtk_widget_set_focusable(check, 0)
        let text = Build.label("")
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_use_markup(OpaquePointer(text), 0)
        let due = Build.label("", classes: ["dim-label", "caption"])
        let labels = Build.grid(rowSpacing: 2, [(text, 0, 0), (due, 0, 1)])
        gtk_widget_set_hexpand(labels, 1)
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        let bell = Build.image("alarm-symbolic")
        Accessible.setLabel(bell, tr("Reminder"))
        let edit = Build.iconButton("document-edit-symbolic", label: tr("Edit Item"))
        let delete = Build.iconButton("user-trash-symbolic", label: tr("Delete Item"))
        for button in [edit, delete] { gtk_widget_set_valign(button, GTK_ALIGN_CENTER) }
        // 24: a box here had 12 plus Adwaita's `.rich-list > row > box { border-spacing: 12px }`.
        let row = Build.grid(
            columnSpacing: 24, [(check, 0, 0), (labels, 1, 0), (bell, 2, 0), (edit, 3, 0), (delete, 4, 0)])
        Build.margins(row, 6)
        Accessible.labelled(check, by: text)
        gtk_list_item_set_child(listItem, row)
        let key = UnsafeMutableRawPointer(row)
        Signals.connect(Cast.object(check), "toggled") { [weak self] in
            guard let self, !self.binding, let id = self.bound[key] else { return }
            self.onToggle(id)
        }
        Signals.connect(Cast.object(edit), "clicked") { [weak self] in
            guard let self, let id = self.bound[key], let item = self.items[id] else { return }
            self.onEdit(item)
        }
        Signals.connect(Cast.object(delete), "clicked") { [weak self] in
            guard let self, let id = self.bound[key], let item = self.items[id] else { return }
            self.delete(item)
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let row = gtk_list_item_get_child(listItem), let object = gtk_list_item_get_item(listItem),
            let idText = gtk_string_object_get_string(OpaquePointer(object)),
            let id = Int64(String(cString: idText)), let item = items[id]
        else { return }
        bound[UnsafeMutableRawPointer(row)] = id
        fill(row, item)
    }

    /// A due date as a row shows it: the day alone for an all-day item.
    private struct DueKey: Hashable {
        let date: Date
        let allDay: Bool
    }

    /// `date` as the row shows it (cached; at most one entry per item).
    private func dueText(_ date: Date, allDay: Bool) -> String {
        let key = DueKey(date: date, allDay: allDay)
        if let text = dueTexts[key] { return text }
        if dueTexts.count > 2 * max(items.count, 1_000) { dueTexts.removeAll(keepingCapacity: true) }
        let text = dates.string(date, allDay: allDay)
        dueTexts[key] = text
        return text
    }

    /// Puts `item` into a row's widgets.
    private func fill(_ row: Widget, _ item: ChecklistItem) {
        let check = gtk_widget_get_first_child(row)!
        let labels = gtk_widget_get_next_sibling(check)!
        let bell = gtk_widget_get_next_sibling(labels)!
        let text = gtk_widget_get_first_child(labels)!
        let due = gtk_widget_get_last_child(labels)!
        binding = true
        gtk_check_button_set_active(Cast.to(GtkCheckButton.self, check), item.checked ? 1 : 0)
        binding = false
        Build.setText(text, item.text)
        if let date = item.dueDate {
            Build.setText(due, dueText(date, allDay: item.isAllDay))
            Build.visible(due, true)
        } else {
            Build.visible(due, false)
        }
        Build.visible(bell, item.shouldRemind && item.dueDate != nil)
    }
}
