import CGtk

/// Small constructors and setters for the widgets every screen uses.
@MainActor
public enum Build {
    /// A label; `classes` are style classes such as "title-2", "dim-label", "caption".
    public static func label(_ text: String, classes: [String] = [], xalign: Float = 0) -> Widget {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(OpaquePointer(label), xalign)
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// Changes a label's text.
    public static func setText(_ label: Widget, _ text: String) {
        gtk_label_set_text(OpaquePointer(label), text)
    }

    /// A box laid out vertically or horizontally.
    public static func box(vertical: Bool, spacing: Int32 = 0, _ children: [Widget] = []) -> Widget {
        let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
        for child in children { append(box, child) }
        return box
    }

    /// A grid of `cells`, each (widget, column, row), attached in that order (the grid's child
    /// order). Unlike a box's `box` node, a grid's `grid` node matches no Adwaita selector.
    public static func grid(columnSpacing: UInt32 = 0, rowSpacing: UInt32 = 0, _ cells: [(Widget, Int32, Int32)])
        -> Widget
    {
        let grid = gtk_grid_new()!
        let typed = Cast.to(GtkGrid.self, grid)
        gtk_grid_set_column_spacing(typed, columnSpacing)
        gtk_grid_set_row_spacing(typed, rowSpacing)
        for (child, column, row) in cells { gtk_grid_attach(typed, child, column, row, 1, 1) }
        return grid
    }

    /// Appends `child` to a box.
    public static func append(_ box: Widget, _ child: Widget) {
        gtk_box_append(Cast.to(GtkBox.self, box), child)
    }

    /// A button with a text label.
    public static func button(_ label: String, classes: [String] = []) -> Widget {
        let button = gtk_button_new_with_label(label)!
        for name in classes { gtk_widget_add_css_class(button, name) }
        return button
    }

    /// A button showing an icon, named `label` for screen readers and tooltips.
    public static func iconButton(_ icon: String, label: String, classes: [String] = ["flat"]) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        setTooltip(button, label)
        Accessible.setLabel(button, label)
        for name in classes { gtk_widget_add_css_class(button, name) }
        return button
    }

    /// Sets a widget's tooltip without asking the display where the pointer is: on a visible
    /// widget `gtk_widget_set_tooltip_text` re-runs the tooltip query, a round trip to the X
    /// server (XIQueryPointer under a server grab) for each call; a hundred sidebar rows made
    /// that a large share of the cold start.
    public static func setTooltip(_ widget: Widget, _ text: String) {
        let visible = gtk_widget_get_visible(widget)
        if visible != 0 { gtk_widget_set_visible(widget, 0) }
        gtk_widget_set_tooltip_text(widget, text)
        if visible != 0 { gtk_widget_set_visible(widget, 1) }
    }

    /// An image of a named (themed) icon.
    public static func image(_ icon: String, pixelSize: Int32 = 16) -> Widget {
        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(OpaquePointer(image), pixelSize)
        return image
    }

    /// A scrolled window around `child`.
    public static func scrolled(_ child: Widget) -> Widget {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), child)
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        return scrolled
    }

    /// Sets all four margins.
    public static func margins(_ widget: Widget, _ value: Int32) {
        gtk_widget_set_margin_top(widget, value)
        gtk_widget_set_margin_bottom(widget, value)
        gtk_widget_set_margin_start(widget, value)
        gtk_widget_set_margin_end(widget, value)
    }

    /// Shows or hides a widget.
    public static func visible(_ widget: Widget, _ shown: Bool) {
        gtk_widget_set_visible(widget, shown ? 1 : 0)
    }

    /// Makes a widget (in)sensitive.
    public static func sensitive(_ widget: Widget, _ sensitive: Bool) {
        gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }

    /// The text of an editable (GtkEntry, AdwEntryRow).
    public static func text(of editable: Widget) -> String {
        guard let text = gtk_editable_get_text(OpaquePointer(editable)) else { return "" }
        return String(cString: text)
    }

    /// Sets the text of an editable.
    public static func setEditableText(_ editable: Widget, _ text: String) {
        gtk_editable_set_text(OpaquePointer(editable), text)
    }
}
