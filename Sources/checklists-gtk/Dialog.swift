import CAdw
import CGtk
import GtkKit
import Localization

/// A modal form window: header bar with Cancel and Done (Done insensitive until `setValid`),
/// content below. Escape cancels.
@MainActor
final class Dialog {
    let window: Widget
    let done: Widget
    let content: Widget
    /// Done was pressed; the dialog closes afterwards.
    var onDone: () -> Void = {}
    /// The forms open now, for `closeAll`.
    private static var open: [Widget] = []

    init(parent: UnsafeMutablePointer<GtkWindow>, title: String, doneTitle: String = tr("Done")) {
        window = adw_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_default_size(gtkWindow, 560, -1)
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
        let header = adw_header_bar_new()!
        adw_header_bar_set_show_end_title_buttons(OpaquePointer(header), 0)
        adw_header_bar_set_show_start_title_buttons(OpaquePointer(header), 0)
        adw_header_bar_set_title_widget(OpaquePointer(header), adw_window_title_new(title, nil))
        let cancel = Build.button(tr("Cancel"))
        done = Build.button(doneTitle, classes: ["suggested-action"])
        adw_header_bar_pack_start(OpaquePointer(header), cancel)
        adw_header_bar_pack_end(OpaquePointer(header), done)
        content = Build.box(vertical: true, spacing: 18)
        Build.margins(content, 18)
        adw_window_set_content(Cast.to(AdwWindow.self, window), Build.box(vertical: true, [header, content]))
        Self.open.append(window)
        Signals.connect(Cast.object(window), "destroy") { [window] in Self.open.removeAll { $0 == window } }
        Signals.connect(Cast.object(cancel), "clicked") { [window] in
            gtk_window_destroy(Cast.to(GtkWindow.self, window))
        }
        Signals.connect(Cast.object(done), "clicked") { [weak self] in
            guard let self, gtk_widget_get_sensitive(self.done) != 0 else { return }
            self.onDone()
            gtk_window_destroy(Cast.to(GtkWindow.self, self.window))
        }
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            escape,
            gtk_shortcut_new(gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)
    }

    /// Closes every open form as Cancel would (the app locked: an item's text must not stay on
    /// screen or in the accessibility tree beside the lock screen).
    static func closeAll() {
        for window in open { gtk_window_destroy(Cast.to(GtkWindow.self, window)) }
    }

    /// Makes Done (in)sensitive.
    func setValid(_ valid: Bool) { Build.sensitive(done, valid) }

    /// Shows the dialog and keeps this object alive until it closes.
    func present(keeping owner: AnyObject) {
        let retained = Unmanaged.passRetained(owner)
        Signals.connect(Cast.object(window), "destroy") { retained.release() }
        gtk_window_present(Cast.to(GtkWindow.self, window))
    }

    /// A boxed list (the libadwaita look) holding `rows`.
    static func group(_ title: String?, _ rows: [Widget]) -> Widget {
        let group = adw_preferences_group_new()!
        if let title { adw_preferences_group_set_title(typed(group), title) }
        for row in rows { adw_preferences_group_add(typed(group), row) }
        return group
    }
}
