import CAdw
import CGtk
import ChecklistsKit
import GtkKit
import Localization

/// The Icon Picker: the ten checklist icons, one row each (icon and name); activating a row
/// picks it and closes the popover.
@MainActor
final class IconPicker {
    let popover: Widget
    var onPick: (Icon) -> Void = { _ in }

    init(selected: Icon) {
        popover = gtk_popover_new()
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_SINGLE)
        gtk_widget_add_css_class(list, "boxed-list")
        Accessible.setLabel(list, tr("Icon Picker"))
        for icon in Icon.allCases {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(typed(row), icon.localizedName)
            adw_action_row_add_prefix(typed(row), Build.image(icon.iconName, pixelSize: 24))
            gtk_list_box_row_set_activatable(Cast.to(GtkListBoxRow.self, row), 1)
            gtk_list_box_append(OpaquePointer(list), row)
            if icon == selected { gtk_list_box_select_row(OpaquePointer(list), Cast.to(GtkListBoxRow.self, row)) }
        }
        let scrolled = Build.scrolled(list)
        gtk_scrolled_window_set_min_content_height(OpaquePointer(scrolled), 360)
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scrolled), 1)
        gtk_popover_set_child(typed(popover), scrolled)
        Signals.connect(
            Cast.object(list), "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                let index = Int(gtk_list_box_row_get_index(Cast.to(GtkListBoxRow.self, OpaquePointer(row))))
                guard Icon.allCases.indices.contains(index) else { return }
                self.onPick(Icon.allCases[index])
                gtk_popover_popdown(typed(self.popover))
            })
    }
}
