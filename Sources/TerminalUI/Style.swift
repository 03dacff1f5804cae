/// How a span of text is drawn. The drawing layer maps each to curses attributes (and colours
/// unless NO_COLOR is set).
public enum Style: Sendable, Equatable {
    case normal
    /// The title bar and headings.
    case title
    /// The selected row.
    case selected
    /// Less important text (hints, a disabled button).
    case dim
    /// Emphasis (a focused field's label, a count).
    case bold
    /// An editable text field.
    case field
    /// A warning or error toast.
    case alert
}

/// A run of text in one style.
public struct Span: Sendable, Equatable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .normal) {
        self.text = text
        self.style = style
    }
}
