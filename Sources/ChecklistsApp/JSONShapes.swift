import ChecklistsKit
import Foundation
import Reminders

// The shapes of `--json` output, shared by every front end that shows or exports the model
// (field names and order are the CLI's documented interface).

/// `lists --json` element: {"id","uid","name","icon","remaining","total","status","created","modified"}.
public struct ListJSON: Codable, Sendable, Equatable {
    public let id: Int64
    public let uid: String
    public let name: String
    public let icon: String
    public let remaining: Int
    public let total: Int
    public let status: String
    public let created: String
    public let modified: String

    public init(_ list: Checklist) {
        id = list.id
        uid = list.uid
        created = DueDate.iso8601(list.created)
        modified = DueDate.iso8601(list.modified)
        name = list.name
        icon = list.icon.name
        remaining = list.remaining
        total = list.total
        status = list.status.text
    }
}

/// `items --json` element: {"id","uid","list","text","checked","due","allDay","remind","created",
/// "modified"}; due is ISO 8601 or null. For an all-day item `due` is the instant its reminder
/// fires (the all-day hour), written with the local offset, so its first ten characters are
/// the day; `allDay` is a field added later, so a reader that knows only `due` keeps working.
public struct ItemJSON: Codable, Sendable, Equatable {
    public let id: Int64
    public let uid: String
    public let list: Int64
    public let text: String
    public let checked: Bool
    public let due: String?
    /// Whether the item is due on a day rather than at a time.
    public let allDay: Bool
    public let remind: Bool
    public let created: String
    public let modified: String

    public init(_ item: ChecklistItem) {
        id = item.id
        uid = item.uid
        created = DueDate.iso8601(item.created)
        modified = DueDate.iso8601(item.modified)
        list = item.listID
        text = item.text
        checked = item.checked
        due = item.dueDate.map { DueDate.iso8601($0) }
        allDay = item.isAllDay
        remind = item.shouldRemind
    }

    enum CodingKeys: CodingKey { case id, uid, list, text, checked, due, allDay, remind, created, modified }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uid, forKey: .uid)
        try c.encode(list, forKey: .list)
        try c.encode(text, forKey: .text)
        try c.encode(checked, forKey: .checked)
        try c.encode(due, forKey: .due)  // null rather than absent
        try c.encode(allDay, forKey: .allDay)
        try c.encode(remind, forKey: .remind)
        try c.encode(created, forKey: .created)
        try c.encode(modified, forKey: .modified)
    }
}

/// `icons --json` element: {"name","glyph"}.
public struct IconJSON: Codable, Sendable, Equatable {
    public let name: String
    public let glyph: String

    public init(_ icon: Icon) {
        name = icon.name
        glyph = icon.glyph
    }
}

/// `items --json` without `--flat`: the list and its items.
public struct ListItemsJSON: Codable, Sendable, Equatable {
    public let list: ListJSON
    public let items: [ItemJSON]

    public init(list: ListJSON, items: [ItemJSON]) {
        self.list = list
        self.items = items
    }
}

/// `notes --json` element.
public struct NoteSummaryJSON: Codable, Sendable, Equatable {
    public let id: Int64
    public let uid: String
    public let title: String
    public let created: String
    public let modified: String

    public init(_ note: Note) {
        id = note.id
        uid = note.uid
        title = note.title
        created = DueDate.iso8601(note.created)
        modified = DueDate.iso8601(note.modified)
    }
}

/// `note show --json`: {"body","created","id","modified","title","uid"}.
public struct NoteJSON: Codable, Sendable, Equatable {
    public let id: Int64
    public let title: String
    public let body: String
    public let uid: String
    public let created: String
    public let modified: String

    public init(_ note: Note) {
        id = note.id
        title = note.title
        body = note.body
        uid = note.uid
        created = DueDate.iso8601(note.created)
        modified = DueDate.iso8601(note.modified)
    }
}

/// `reminders --json` element.
public struct ReminderJSON: Codable, Sendable, Equatable {
    public let identifier: String
    public let title: String
    public let body: String
    public let icon: String
    public let fireAt: String

    public init(_ request: NotificationRequest) {
        identifier = request.identifier
        title = request.content.title
        body = request.content.body
        icon = request.content.iconName
        fireAt = DueDate.iso8601(request.trigger.date)
    }
}

/// `agent status --json`: {"next","notifications","pending","running"}; `next` may be null.
public struct AgentStatusJSON: Codable, Sendable, Equatable {
    public let running: Bool
    public let pending: Int
    public let next: String?
    public let notifications: String

    public init(running: Bool, pending: Int, next: String?, notifications: String) {
        self.running = running
        self.pending = pending
        self.next = next
        self.notifications = notifications
    }

    enum CodingKeys: CodingKey { case running, pending, next, notifications }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(running, forKey: .running)
        try c.encode(pending, forKey: .pending)
        try c.encode(next, forKey: .next)  // null rather than absent
        try c.encode(notifications, forKey: .notifications)
    }
}
