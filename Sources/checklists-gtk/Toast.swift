import CAdw
import CGtk

/// Toasts whose title shows text exactly as written.
///
/// libadwaita 1.2 reads a toast's title as Pango markup and has no switch to turn that off, so
/// an item named “Salt & pepper” gave an empty toast and one named “<b>x</b>” a bold one. Every
/// toast is made here, with its title escaped.
@MainActor
enum Toast {
    /// A new toast showing `text` as plain text.
    static func plain(_ text: String) -> OpaquePointer {
        guard let escaped = g_markup_escape_text(text, -1) else { return adw_toast_new("")! }
        defer { g_free(escaped) }
        return adw_toast_new(escaped)!
    }
}
