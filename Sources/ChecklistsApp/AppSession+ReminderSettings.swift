import ChecklistsKit
import Foundation
import Localization
import Reminders

/// The reminder settings and the permission question as `checklists settings`, `reminders` and
/// the first reminder use them (stored with the reminders, which the agent reads).
extension AppSession {
    /// The question put to the user when the first reminder is turned on.
    public static var notificationQuestion: String { tr("Allow Checklists to show notifications for reminders?") }

    /// Asks once, through `configuration.questions`, whether reminders may show notifications;
    /// an answer given earlier stays, and nobody to ask leaves it undetermined.
    /// - Returns: The permission now; nil when the reminders store cannot be opened (its failure
    ///   was reported when the item was saved, and the reminder waits in the outbox).
    /// - Throws: `RemindersError` when the answer cannot be stored.
    public func askNotificationPermissionOnce() throws -> AuthorizationStatus? {
        guard let center = try? Reminders.NotificationCenter(directory: home) else { return nil }
        try center.requestAuthorization { configuration.questions?.ask(Self.notificationQuestion) }
        return center.authorizationStatus
    }

    /// The settings `checklists settings` shows.
    public struct SettingsReport: Codable, Sendable, Equatable {
        /// "authorized", "denied" or "notDetermined".
        public let notifications: String
        /// "on" or "off".
        public let itemText: String
        /// The app lock's method ("off", "fingerprint", "password", "passcode").
        public let appLock: String
        /// The hour (0–23) a day without a time is due at, as text.
        public let allDayHour: String
    }

    /// The reminder and lock settings now (no key needed).
    /// - Throws: `RemindersError` when the reminders store cannot be opened.
    public func settingsReport() throws -> SettingsReport {
        let center = try Reminders.NotificationCenter(directory: home)
        return SettingsReport(
            notifications: center.authorizationStatus.rawValue, itemText: center.showsItemText ? "on" : "off",
            appLock: lockSettings.method.rawValue, allDayHour: String(center.allDayHour))
    }

    /// The hour a day without a time is due at (9 when the reminders store cannot be read).
    public var allDayHour: Int {
        (try? Reminders.NotificationCenter(directory: home))?.allDayHour ?? 9
    }

    /// Sets the hour (0–23) a day without a time is due at, and moves the all-day items there
    /// (their reminders with them).
    /// - Throws: `AppSessionError.locked` / `LAError` when the store cannot be unlocked (the
    ///   setting stays as it was); `RemindersError`, `StoreError`.
    public func setAllDayHour(_ hour: Int) throws {
        let zone = try timeZone()
        // The key first: a refused unlock leaves the setting and the items as they were.
        _ = try store()
        try Reminders.NotificationCenter(directory: home).setAllDayHour(hour)
        _ = try withStore { try $0.moveAllDayItems(toHour: hour, timeZone: zone) }
    }

    /// The reminders waiting to fire, soonest first (they show item texts: only while unlocked).
    /// - Throws: `AppSessionError.locked` while locked; `RemindersError`.
    public func pendingReminders() throws -> [NotificationRequest] {
        _ = try unlockedStore()
        return try Reminders.NotificationCenter(directory: home).pendingNotificationRequests()
    }

    /// The reminders waiting to fire and whether notifications may show, for a status line
    /// (no key needed: item texts are not part of it).
    /// - Throws: `RemindersError` when the reminders store cannot be opened.
    public func reminderSummary() throws -> (pending: Int, next: Date?, status: AuthorizationStatus) {
        let center = try Reminders.NotificationCenter(directory: home)
        let pending = try center.pendingNotificationRequests()
        return (pending.count, pending.first?.trigger.date, center.authorizationStatus)
    }
}
