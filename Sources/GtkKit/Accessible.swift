import CGtk

/// Accessible names and relations (what screen readers and the AT-SPI tests read).
public enum Accessible {
    /// Sets the widget's accessible name.
    public static func setLabel(_ widget: Widget, _ label: String) {
        cgtk_accessible_set_label(widget, label)
    }

    /// Sets the widget's accessible description.
    public static func setDescription(_ widget: Widget, _ text: String) {
        cgtk_accessible_set_description(widget, text)
    }

    /// Names `widget` after the text of `label`.
    public static func labelled(_ widget: Widget, by label: Widget) {
        cgtk_accessible_labelled_by(widget, label)
    }
}

extension Accessible {
    /// Names every button under `root` after the first text label inside it. libadwaita 1.2's
    /// message dialog buttons hold their label twice and are labelled by both, which AT-SPI
    /// reads as "Allow Allow"; call this after adding the responses.
    public static func nameButtonsAfterTheirLabels(_ root: Widget) {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            if isA(widget, gtk_button_get_type()), let text = firstLabelText(widget) {
                // A labelled-by relation (to both labels) wins over the label: drop it.
                gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                setLabel(widget, text)
            } else {
                nameButtonsAfterTheirLabels(widget)
            }
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    private static func firstLabelText(_ root: Widget) -> String? {
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            if isA(widget, gtk_label_get_type()), let text = gtk_label_get_text(OpaquePointer(widget)),
                text.pointee != 0
            {
                return String(cString: text)
            }
            if let text = firstLabelText(widget) { return text }
            child = gtk_widget_get_next_sibling(widget)
        }
        return nil
    }

    private static func isA(_ widget: Widget, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }
}
