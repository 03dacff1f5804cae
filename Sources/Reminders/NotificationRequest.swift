import Foundation
import Localization

/// What a notification shows (like `UNNotificationContent`).
public struct NotificationContent: Sendable, Equatable, Codable {
    public var title: String
    public var body: String
    /// The checklist's icon name ("Groceries"), shown as the notification's icon.
    public var iconName: String

    public init(title: String, body: String, iconName: String = "No Icon") {
        self.title = title
        self.body = body
        self.iconName = iconName
    }
}

/// When a notification fires: a date, to the whole minute (like `UNCalendarNotificationTrigger`).
public struct DateTrigger: Sendable, Equatable, Codable {
    public let date: Date

    /// A trigger at `date` with seconds dropped.
    public init(date: Date) {
        self.date = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// A trigger at exactly `date` (for tests and the agent's own bookkeeping).
    public init(exactly date: Date) {
        self.date = date
    }
}

/// A scheduled notification (like `UNNotificationRequest`); adding one with an existing
/// identifier replaces it.
public struct NotificationRequest: Sendable, Equatable, Identifiable {
    public let identifier: String
    public var content: NotificationContent
    public var trigger: DateTrigger
    public var id: String { identifier }

    public init(identifier: String, content: NotificationContent, trigger: DateTrigger) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A notification the agent has shown.
public struct DeliveredNotification: Sendable, Equatable {
    public let request: NotificationRequest
    public let deliveredAt: Date
}

/// Whether the user allows notifications (asked once).
public enum AuthorizationStatus: String, Sendable {
    case notDetermined
    case authorized
    case denied
}

/// Errors of the reminders store.
public enum RemindersError: Error, Sendable, Equatable, CustomStringConvertible {
    case storage(String)

    public var description: String {
        switch self {
        case .storage(let message): tr("reminders store: %@", message)
        }
    }
}
