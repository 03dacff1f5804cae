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
