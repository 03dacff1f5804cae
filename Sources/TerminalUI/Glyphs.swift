import ChecklistsKit
import Localization

/// The symbols the screens use, in Unicode or — when the locale is not UTF-8 — in ASCII.
public struct Glyphs: Sendable, Equatable {
    public let unicode: Bool

    public init(unicode: Bool) {
        self.unicode = unicode
    }

    /// The checkmark box of an item.
    public func checkbox(_ checked: Bool) -> String {
        unicode ? (checked ? "[✓]" : "[ ]") : (checked ? "[x]" : "[ ]")
    }

    /// The reminder bell.
    public var bell: String { unicode ? "🔔" : "(!)" }

    /// An icon's glyph, two cells wide in both sets.
    public func icon(_ icon: Icon) -> String {
        if unicode {
            switch icon {
            case .noIcon: return "· "
            // ✈️ is U+2708 + U+FE0F: one cell to wcwidth (and ncurses), two in most terminals,
            // which would shift the rest of the row. The departing plane is two cells everywhere.
            case .trips: return "🛫"
            default: return icon.glyph
            }
        }
        switch icon {
        case .noIcon: return "- "
        case .appointments: return "Ap"
        case .birthdays: return "Bd"
        case .chores: return "Ch"
        case .drinks: return "Dr"
        case .folder: return "Fo"
        case .groceries: return "Gr"
        case .inbox: return "In"
        case .photos: return "Ph"
        case .trips: return "Tr"
        }
    }

    /// A switch's state, its word in the user's language.
    public func toggle(_ on: Bool) -> String {
        let word = on ? tr("On") : tr("Off")
        return unicode ? (on ? "[●  \(word)]" : "[\(word)  ○]") : (on ? "[ \(word)]" : "[\(word)]")
    }

    /// The marker of the selected row.
    public var pointer: String { unicode ? "›" : ">" }

    /// The separator between the parts of a title.
    public var separator: String { unicode ? " — " : " - " }
}
