import CAdw
import CGtk
import GtkKit
import Localization

/// The keyboard shortcuts window (Ctrl+?); Space, Enter and Delete act on the focused item row.
@MainActor
enum ShortcutsWindow {
    static let shortcuts: [(String, String)] = [
        ("<Control>n", tr("Add Item")),
        ("<Control><Shift>n", tr("Add Checklist")),
        ("<Control>f", tr("Search")),
        ("space", tr("Check or Uncheck the Focused Item")),
        ("Return", tr("Edit the Focused Item")),
        ("Delete", tr("Delete the Focused Item")),
        ("<Control>z", tr("Undo Delete")),
        ("<Control>l", tr("Lock Now")),
        ("<Control>comma", tr("Preferences")),
        ("<Control>question", tr("Keyboard Shortcuts")),
    ]

    static func present(parent: UnsafeMutablePointer<GtkWindow>) {
        let window = adw_window_new()!
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, tr("Keyboard Shortcuts"))
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_modal(gtkWindow, 1)
        var rows: [Widget] = []
        for (accel, title) in shortcuts {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(typed(row), title)
            let label = gtk_shortcut_label_new(accel)!
            gtk_widget_set_valign(label, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(typed(row), label)
            rows.append(row)
        }
        let header = adw_header_bar_new()!
        let content = Build.box(vertical: true, spacing: 0, [Dialog.group(nil, rows)])
        Build.margins(content, 18)
        adw_window_set_content(Cast.to(AdwWindow.self, window), Build.box(vertical: true, [header, content]))
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            escape,
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)
        gtk_window_present(gtkWindow)
    }
}
