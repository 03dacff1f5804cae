/// The ten checklist icons of the original app, with a glyph for terminals.
public enum Icon: String, CaseIterable, Sendable, Codable {
    case noIcon = "No Icon"
    case appointments = "Appointments"
    case birthdays = "Birthdays"
    case chores = "Chores"
    case drinks = "Drinks"
    case folder = "Folder"
    case groceries = "Groceries"
    case inbox = "Inbox"
    case photos = "Photos"
    case trips = "Trips"

    /// The icon's name as the user sees and types it.
    public var name: String { rawValue }

    /// A single-cell-wide-or-emoji glyph shown next to the list name.
    public var glyph: String {
        switch self {
        case .noIcon: "·"
        case .appointments: "📅"
        case .birthdays: "🎂"
        case .chores: "🧹"
        case .drinks: "🍹"
        case .folder: "📁"
        case .groceries: "🛒"
        case .inbox: "📥"
        case .photos: "📷"
        case .trips: "✈️"
        }
    }

    /// Looks an icon up by name, ignoring case, spaces and dashes ("no-icon", "NoIcon", "No Icon").
    public init?(named name: String) {
        let wanted = Self.fold(name)
        guard let match = Self.allCases.first(where: { Self.fold($0.rawValue) == wanted }) else { return nil }
        self = match
    }

    private static func fold(_ s: String) -> String {
        String(s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
