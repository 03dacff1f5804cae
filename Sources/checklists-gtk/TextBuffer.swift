import CGtk
import Glibc

/// Reading and writing a GtkTextBuffer's whole text.
@MainActor
enum TextBuffer {
    static func text(_ buffer: UnsafeMutablePointer<GtkTextBuffer>?) -> String {
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let raw = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    static func set(_ buffer: UnsafeMutablePointer<GtkTextBuffer>?, _ text: String) {
        gtk_text_buffer_set_text(buffer, text, Int32(clamping: text.utf8.count))
    }
}
