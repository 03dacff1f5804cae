/// A message on the bottom line until the next key. One that names something (“Deleted
/// “Groceries”. u to undo.”) cuts the name, not the rest, when the line is too narrow: the hint
/// after a long name stayed off screen.
struct Toast {
    let style: Style
    private let name: String
    private let message: (String) -> String

    /// A message shown as it is (cut at the edge if it must be).
    init(_ text: String, style: Style) {
        self.style = style
        name = ""
        message = { _ in text }
    }

    /// A message about `name`; `message` makes the line for the name as shown.
    init(naming name: String, style: Style = .bold, _ message: @escaping (String) -> String) {
        self.style = style
        self.name = name
        self.message = message
    }

    /// The line in at most `width` cells where it can be: the name is cut to what the rest leaves.
    /// Looks at no more of a long name than the width needs.
    func text(width: Int) -> String {
        guard !name.isEmpty else { return message(name) }
        let room = max(1, width - CellWidth.of(message("")))
        return message(CellWidth.truncate(name, to: room))
    }
}
