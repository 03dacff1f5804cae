import Foundation

/// One to-do item.
public struct ChecklistItem: Sendable, Equatable, Identifiable {
    /// Stable ID from the persistent "ChecklistItemID" counter; never reused.
    public var id: Int64
    /// The stable identity for interchange and sync: a lowercase UUID, never changed.
    public var uid: String
    /// The list the item belongs to.
    public var listID: Int64
    public var text: String
    public var checked: Bool
    /// When the item is due, to the whole minute; nil when no date is set.
    public var dueDate: Date?
    /// Whether a reminder should fire at `dueDate`.
    public var shouldRemind: Bool
    /// When the item was added.
    public var created: Date
    /// When it was last edited or checked.
    public var modified: Date

    public init(
        id: Int64, uid: String = "", listID: Int64, text: String, checked: Bool = false, dueDate: Date? = nil,
        shouldRemind: Bool = false, created: Date = Date(timeIntervalSince1970: 0),
        modified: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.uid = uid
        self.created = created
        self.modified = modified
        self.listID = listID
        self.text = text
        self.checked = checked
        self.dueDate = dueDate.map(DueDate.roundedDown)
        self.shouldRemind = shouldRemind
    }

    /// Whether a reminder fires for this item after `now`: remind on, not checked, and due
    /// later than `now`.
    public func remindsAfter(_ now: Date) -> Bool {
        guard shouldRemind, !checked, let due = dueDate else { return false }
        return due > now
    }
}

/// Changes to apply to an item; nil fields stay as they are.
public struct ItemChanges: Sendable, Equatable {
    public var text: String?
    /// `.some(nil)` clears the due date.
    public var dueDate: Date??
    public var shouldRemind: Bool?
    public var checked: Bool?

    public init(text: String? = nil, dueDate: Date?? = nil, shouldRemind: Bool? = nil, checked: Bool? = nil) {
        self.text = text
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.checked = checked
    }

    /// What an Edit Item form saves: the fields whose value differs from `original`, the item
    /// as the form opened on it. The fields the user left alone stay as they are in the store,
    /// where another process may have changed them while the form was open (the forms sent
    /// every field, and Done wrote the opened text back over a rename made meanwhile).
    public init(editing original: ChecklistItem, text: String, dueDate: Date?, shouldRemind: Bool) {
        let due = dueDate.map(DueDate.roundedDown)
        self.init(
            text: text == original.text ? nil : text, dueDate: due == original.dueDate ? nil : .some(due),
            shouldRemind: shouldRemind == original.shouldRemind ? nil : shouldRemind)
    }
}
