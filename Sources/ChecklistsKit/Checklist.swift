import Foundation

/// A checklist as shown in the overview: its name, icon and item counts.
public struct Checklist: Sendable, Equatable, Identifiable {
    /// The local ID the CLI shows; never reused.
    public var id: Int64
    /// The stable identity for interchange and sync: a lowercase UUID, never changed.
    public var uid: String
    public var name: String
    public var icon: Icon
    /// Number of items in the list.
    public var total: Int
    /// Number of items not yet checked.
    public var remaining: Int
    /// When the list was created.
    public var created: Date
    /// When its name or icon last changed (item changes are the items' own).
    public var modified: Date

    public init(
        id: Int64, uid: String = "", name: String, icon: Icon = .noIcon, total: Int = 0, remaining: Int = 0,
        created: Date = Date(timeIntervalSince1970: 0), modified: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.uid = uid
        self.created = created
        self.modified = modified
        self.name = name
        self.icon = icon
        self.total = total
        self.remaining = remaining
    }

    /// "N Remaining", "All Done!" or "No Items".
    public var status: Status {
        if total == 0 { return .noItems }
        if remaining == 0 { return .allDone }
        return .remaining(remaining)
    }

    /// How far along a checklist is.
    public enum Status: Sendable, Equatable {
        case noItems
        case allDone
        case remaining(Int)

        /// The status line the user sees.
        public var text: String {
            switch self {
            case .noItems: "No Items"
            case .allDone: "All Done!"
            case .remaining(let n): "\(n) Remaining"
            }
        }

        /// A stable machine-readable name: "no-items", "all-done", "remaining".
        public var code: String {
            switch self {
            case .noItems: "no-items"
            case .allDone: "all-done"
            case .remaining: "remaining"
            }
        }
    }
}
