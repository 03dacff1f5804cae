import CAdw
import CGtk
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Add Checklist / Edit Checklist: the name and the icon, chosen in the Icon Picker (a popover
/// with the ten icons). Done is insensitive while the name is empty.
@MainActor
final class ListForm {
    typealias Save = (_ name: String, _ icon: Icon) -> Void
    private let dialog: Dialog
    private let name: Widget
    private let iconImage: Widget
    private let iconLabel: Widget
    private let picker: IconPicker
    private var icon: Icon
    private let save: Save

    init(parent: UnsafeMutablePointer<GtkWindow>, list: Checklist?, save: @escaping Save) {
        self.save = save
        icon = list?.icon ?? .noIcon
        dialog = Dialog(parent: parent, title: list == nil ? tr("Add Checklist") : tr("Edit Checklist"))
        name = adw_entry_row_new()
        adw_preferences_row_set_title(typed(name), tr("Name"))
        Build.setEditableText(name, list?.name ?? "")
        iconImage = Build.image(icon.iconName, pixelSize: 24)
        iconLabel = Build.label(icon.localizedName, classes: ["dim-label"])
        picker = IconPicker(selected: icon)
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_popover(OpaquePointer(button), picker.popover)
        gtk_menu_button_set_child(
            OpaquePointer(button), Build.box(vertical: false, spacing: 6, [iconImage, iconLabel]))
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(typed(row), tr("Icon"))
        adw_action_row_add_suffix(typed(row), button)
        adw_action_row_set_activatable_widget(typed(row), button)
        Build.append(dialog.content, Dialog.group(nil, [name, row]))

        Signals.connect(Cast.object(name), "changed") { [weak self] in self?.refresh() }
        Signals.connect(Cast.object(name), "entry-activated") { [weak self] in
            guard let self, gtk_widget_get_sensitive(self.dialog.done) != 0 else { return }
            gtk_widget_activate(self.dialog.done)
        }
        picker.onPick = { [weak self] icon in
            guard let self else { return }
            self.icon = icon
            gtk_image_set_from_icon_name(OpaquePointer(self.iconImage), icon.iconName)
            Build.setText(self.iconLabel, icon.localizedName)
        }
        dialog.onDone = { [weak self] in
            guard let self else { return }
            let value = Build.text(of: self.name).trimmingCharacters(in: .whitespacesAndNewlines)
            if !ChecklistStore.isBlank(value) { self.save(value, self.icon) }
        }
        refresh()
    }

    func present() {
        dialog.present(keeping: self)
        gtk_widget_grab_focus(name)
    }

    private func refresh() {
        dialog.setValid(!ChecklistStore.isBlank(Build.text(of: name)))
    }
}
