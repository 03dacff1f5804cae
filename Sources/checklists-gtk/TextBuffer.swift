import CGtk
import Glibc

/// Reading and writing a GtkTextBuffer's whole text, and its cursor.
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

    /// The cursor's offset in characters.
    static func cursor(_ buffer: UnsafeMutablePointer<GtkTextBuffer>?) -> Int32 {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        return gtk_text_iter_get_offset(&iter)
    }

    /// Puts the cursor at `offset` characters (at the end when the text is shorter).
    static func placeCursor(_ buffer: UnsafeMutablePointer<GtkTextBuffer>?, at offset: Int32) {
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(buffer, &iter, offset)
        gtk_text_buffer_place_cursor(buffer, &iter)
    }
}
