import Foundation
import Reminders

/// The two notification switches of Settings: whether reminders may show notifications and
/// whether a notification shows the item's text (the same settings as
/// `checklists settings notifications|item-text on|off`).
extension AppSession {
    /// The notification settings as the switches show them.
    public struct NotificationSettings: Sendable, Equatable {
        /// Notifications are allowed (off also when the user was never asked).
        public var allowed: Bool
        /// Notifications show the item's text (else "Checklists reminder").
        public var showsItemText: Bool

        public init(allowed: Bool, showsItemText: Bool) {
            self.allowed = allowed
            self.showsItemText = showsItemText
        }
    }

    /// The current notification settings (the defaults when the reminders store cannot be read).
    public var notificationSettings: NotificationSettings {
        guard let center = try? Reminders.NotificationCenter(directory: home) else {
            return NotificationSettings(allowed: false, showsItemText: true)
        }
        return NotificationSettings(
            allowed: center.authorizationStatus == .authorized, showsItemText: center.showsItemText)
    }

    /// Allows or forbids reminder notifications.
    public func setNotificationsAllowed(_ allowed: Bool) throws {
        try Reminders.NotificationCenter(directory: home).setAuthorized(allowed)
    }

    /// Shows or hides item texts in notifications, and re-renders the pending reminders.
    public func setShowsItemTextInNotifications(_ on: Bool) throws {
        try Reminders.NotificationCenter(directory: home).setShowsItemText(on)
        rescheduleReminders()
    }
}

/// The notification permission, asked once (as the CLI's first reminder asks it): the answer is
/// stored with the reminders (`Reminders.NotificationCenter`), which the agent reads.
extension AppSession {
    /// Whether nobody has answered "Allow notifications?" yet (a damaged reminders store counts
    /// as answered: nothing can be stored, so nobody is asked).
    public var notificationPermissionUndetermined: Bool {
        (try? Reminders.NotificationCenter(directory: home))?.authorizationStatus == .notDetermined
    }

    /// Stores the user's answer when none is stored yet (an earlier answer stays).
    /// - Returns: Whether notifications are allowed.
    @discardableResult
    public func answerNotificationPermission(_ allowed: Bool) throws -> Bool {
        try Reminders.NotificationCenter(directory: home).requestAuthorization { allowed }
    }
}
