import CAdw
import CGtk
import GtkKit
import Localization

/// A modal window showing an `AuthPanel` while an operation authenticates (turning the app lock
/// on or off in Preferences).
@MainActor
final class AuthDialog {
    let window: Widget
    let panel = AuthPanel()

    init(parent: UnsafeMutablePointer<GtkWindow>, title: String) {
        window = adw_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_deletable(gtkWindow, 0)
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(OpaquePointer(page), "auth-fingerprint-symbolic")
        adw_status_page_set_title(OpaquePointer(page), title)
        adw_status_page_set_child(OpaquePointer(page), panel.widget)
        adw_window_set_content(
            Cast.to(AdwWindow.self, window), Build.box(vertical: true, [adw_header_bar_new(), page]))
        Build.visible(panel.unlockButton, false)
    }

    func present() { gtk_window_present(Cast.to(GtkWindow.self, window)) }

    func close() { gtk_window_destroy(Cast.to(GtkWindow.self, window)) }
}
