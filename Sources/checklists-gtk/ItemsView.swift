import CGtk
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// The Checklist screen's rows: a `GtkListView` over a string list of item IDs, with recycled
/// row widgets (check button on the left, text, due date, bell, edit and delete buttons).
@MainActor
final class ItemsView {
    /// The scrolled list view.
    let widget: Widget
    private let model: OpaquePointer
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
        let selection = gtk_no_selection_new(model)!
        listView = gtk_list_view_new(selection, factory)
        Accessible.setLabel(listView, tr("Items"))
        gtk_widget_add_css_class(listView, "rich-list")
        widget = Build.scrolled(listView)
        Signals.connect(Cast.object(factory), "setup", listItem: { [weak self] item in self?.setUp(item) })
        Signals.connect(Cast.object(factory), "bind", listItem: { [weak self] item in self?.bind(item) })
    }

    /// Shows `items` (already in order).
    func show(_ newItems: [ChecklistItem]) {
        items = Dictionary(newItems.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        order = newItems.map(\.id)
        var strings = order.map { strdup(String($0)) }
        strings.append(nil)
        let old = g_list_model_get_n_items(model)
        strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(model, 0, old, $0)
            }
        }
        for p in strings { free(p) }
    }

    /// Replaces one item's row (after a toggle or an edit) without touching the others.
    func update(_ item: ChecklistItem) {
        guard let index = order.firstIndex(of: item.id) else { return }
        items[item.id] = item
        let id = strdup(String(item.id))
        var one: [UnsafePointer<CChar>?] = [UnsafePointer(id), nil]
        gtk_string_list_splice(model, UInt32(index), 1, &one)
        free(id)
    }

    /// The item shown with ID `id`.
    func item(_ id: Int64) -> ChecklistItem? { items[id] }

    /// Moves the keyboard focus into the list.
    func focus() { gtk_widget_grab_focus(listView) }

    // MARK: - Rows

    private func setUp(_ listItem: OpaquePointer) {
        let check = gtk_check_button_new()!
        gtk_widget_set_valign(check, GTK_ALIGN_CENTER)
        let text = Build.label("")
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_use_markup(OpaquePointer(text), 0)
        let due = Build.label("", classes: ["dim-label", "caption"])
        let labels = Build.box(vertical: true, spacing: 2, [text, due])
        gtk_widget_set_hexpand(labels, 1)
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        let bell = Build.image("alarm-symbolic")
        Accessible.setLabel(bell, tr("Reminder"))
        let edit = Build.iconButton("document-edit-symbolic", label: tr("Edit Item"))
        let delete = Build.iconButton("user-trash-symbolic", label: tr("Delete Item"))
        for button in [edit, delete] { gtk_widget_set_valign(button, GTK_ALIGN_CENTER) }
        let row = Build.box(vertical: false, spacing: 12, [check, labels, bell, edit, delete])
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
            self.onDelete(item)
        }
    }

    private func bind(_ listItem: OpaquePointer) {
        guard let row = gtk_list_item_get_child(listItem), let object = gtk_list_item_get_item(listItem),
            let idText = gtk_string_object_get_string(OpaquePointer(object)),
            let id = Int64(String(cString: idText)), let item = items[id]
        else { return }
        bound[UnsafeMutableRawPointer(row)] = id
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
            Build.setText(due, dates.string(date))
            Build.visible(due, true)
        } else {
            Build.visible(due, false)
        }
        Build.visible(bell, item.shouldRemind && item.dueDate != nil)
    }
}
