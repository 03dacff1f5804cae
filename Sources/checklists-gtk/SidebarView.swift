import CAdw
import CGtk
import ChecklistsKit
import GtkKit
import Localization

/// The Checklists screen: one row per list (icon, name, status), sorted like the CLI.
@MainActor
final class SidebarView {
    /// The scrolled list, for the leaflet's sidebar.
    let widget: Widget
    private let listBox: Widget
    /// The lists shown, in row order.
    private(set) var lists: [Checklist] = []
    /// Opens a list.
    var onOpen: (Checklist) -> Void = { _ in }
    /// Opens Edit Checklist.
    var onEdit: (Checklist) -> Void = { _ in }

    init() {
        listBox = gtk_list_box_new()
        gtk_widget_add_css_class(listBox, "navigation-sidebar")
        gtk_list_box_set_selection_mode(OpaquePointer(listBox), GTK_SELECTION_SINGLE)
        Accessible.setLabel(listBox, tr("Checklists"))
        widget = Build.scrolled(listBox)
        Signals.connect(
            Cast.object(listBox), "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                let index = Int(gtk_list_box_row_get_index(Cast.to(GtkListBoxRow.self, OpaquePointer(row))))
                if self.lists.indices.contains(index) { self.onOpen(self.lists[index]) }
            })
    }

    /// Rows built before the first frame: more than a tall window shows. The rest are built
    /// right after it (a hundred rows of widgets took a large share of the cold start).
    static let firstRows = 30
    /// Bumped by each `show`, so that rows still waiting from an earlier one are dropped.
    private var generation = 0

    /// Shows `lists` (already sorted), selecting the row of `selected`: the first
    /// `firstRows` at once, the others after the next frame.
    func show(_ lists: [Checklist], selected: Int64?) {
        while let child = gtk_widget_get_first_child(listBox) {
            gtk_list_box_remove(OpaquePointer(listBox), child)
        }
        self.lists = lists
        generation += 1
        append(lists.prefix(Self.firstRows), selected: selected)
        guard lists.count > Self.firstRows else { return }
        let pending = generation
        Idle.afterFrame { [weak self] in
            guard let self, self.generation == pending else { return }
            self.append(lists.dropFirst(Self.firstRows), selected: selected)
        }
    }

    private func append(_ lists: ArraySlice<Checklist>, selected: Int64?) {
        for list in lists {
            let row = makeRow(list)
            gtk_list_box_append(OpaquePointer(listBox), row)
            if list.id == selected {
                gtk_list_box_select_row(OpaquePointer(listBox), Cast.to(GtkListBoxRow.self, row))
            }
        }
    }

    /// Shows `list`'s new counts in its row (a toggle), leaving the other rows alone.
    func update(_ list: Checklist) {
        guard let index = lists.firstIndex(where: { $0.id == list.id }) else { return }
        lists[index] = list
        guard let row = gtk_list_box_get_row_at_index(OpaquePointer(listBox), Int32(index)),
            let content = gtk_list_box_row_get_child(row),
            let labels = gtk_widget_get_next_sibling(gtk_widget_get_first_child(content)),
            let status = gtk_widget_get_last_child(labels)
        else { return }
        Build.setText(status, list.status.localizedText)
    }

    /// Moves the keyboard focus to the selected row (or the first).
    func focus() {
        gtk_widget_grab_focus(listBox)
    }

    /// A row of plain widgets (icon, name over status, edit button): a fraction of an
    /// AdwActionRow's widgets, which counts at start with a hundred lists.
    private func makeRow(_ list: Checklist) -> Widget {
        let icon = Build.image(list.icon.iconName, pixelSize: 24)
        Accessible.setLabel(icon, list.icon.localizedName)
        let name = Build.label(list.name)
        gtk_label_set_ellipsize(typed(name), PANGO_ELLIPSIZE_END)
        let status = Build.label(list.status.localizedText, classes: ["dim-label", "caption"])
        let labels = Build.box(vertical: true, spacing: 2, [name, status])
        gtk_widget_set_hexpand(labels, 1)
        gtk_widget_set_valign(labels, GTK_ALIGN_CENTER)
        let edit = Build.iconButton("document-edit-symbolic", label: tr("Edit Checklist"))
        gtk_widget_set_valign(edit, GTK_ALIGN_CENTER)
        let content = Build.box(vertical: false, spacing: 12, [icon, labels, edit])
        Build.margins(content, 6)
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(typed(row), content)
        Accessible.setLabel(row, list.name)
        let id = list.id
        Signals.connect(Cast.object(edit), "clicked") { [weak self] in
            guard let self, let list = self.lists.first(where: { $0.id == id }) else { return }
            self.onEdit(list)
        }
        return row
    }
}
