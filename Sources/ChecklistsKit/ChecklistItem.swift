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
    /// When the item is due, to the whole minute; nil when no date is set. For an all-day item,
    /// the all-day hour of its day: when its reminder fires.
    public var dueDate: Date?
    /// Whether the item is due on a day rather than at a time (a date typed without a time, a
    /// VTODO's `DUE;VALUE=DATE`): its day is the local day of `dueDate`, shown without the time.
    /// Never true without a due date.
    public var isAllDay: Bool
    /// Whether a reminder should fire at `dueDate`.
    public var shouldRemind: Bool
    /// When the item was added.
    public var created: Date
    /// When it was last edited or checked.
    public var modified: Date

    public init(
        id: Int64, uid: String = "", listID: Int64, text: String, checked: Bool = false, dueDate: Date? = nil,
        isAllDay: Bool = false, shouldRemind: Bool = false, created: Date = Date(timeIntervalSince1970: 0),
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
        self.isAllDay = isAllDay && dueDate != nil
        self.shouldRemind = shouldRemind
    }

    /// Whether the item is late at `now`: not checked, and past its due time; an all-day item
    /// only once its day (in `timeZone`) is over, not from the all-day hour of that day on.
    public func isOverdue(at now: Date, timeZone: TimeZone = .current) -> Bool {
        guard !checked, let due = dueDate else { return false }
        guard isAllDay else { return due < now }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let nextDay = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: due)) ?? due
        return nextDay <= now
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
    /// Whether the due date is a day alone. A new `dueDate` without it is a time (not all-day);
    /// without either, the item stays as it was.
    public var isAllDay: Bool?
    public var shouldRemind: Bool?
    public var checked: Bool?

    public init(
        text: String? = nil, dueDate: Date?? = nil, isAllDay: Bool? = nil, shouldRemind: Bool? = nil,
        checked: Bool? = nil
    ) {
        self.text = text
        self.dueDate = dueDate
        self.isAllDay = isAllDay
        self.shouldRemind = shouldRemind
        self.checked = checked
    }

    /// What an Edit Item form saves: the fields whose value differs from `original`, the item
    /// as the form opened on it. The fields the user left alone stay as they are in the store,
    /// where another process may have changed them while the form was open (the forms sent
    /// every field, and Done wrote the opened text back over a rename made meanwhile).
    /// An all-day item saved with its due date untouched stays all-day; `isAllDay` (a form's
    /// All Day switch) says what the due date is when given.
    public init(
        editing original: ChecklistItem, text: String, dueDate: Date?, isAllDay: Bool? = nil, shouldRemind: Bool
    ) {
        let due = dueDate.map(DueDate.roundedDown)
        let allDay = isAllDay.map { $0 && due != nil }
        let dueChanged = due != original.dueDate
        self.init(
            text: text == original.text ? nil : text, dueDate: dueChanged ? .some(due) : nil,
            isAllDay: dueChanged || allDay != original.isAllDay ? allDay : nil,
            shouldRemind: shouldRemind == original.shouldRemind ? nil : shouldRemind)
    }
}
