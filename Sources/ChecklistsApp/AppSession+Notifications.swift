import Foundation
import Reminders

/// The notification permission, asked once (as the CLI's first reminder asks it): the answer is
/// stored with the reminders (`Reminders.NotificationCenter`), which the agent reads.
extension AppSession {
    /// Whether nobody has answered "Allow notifications?" yet (a damaged reminders store counts
    /// as answered: nothing can be stored, so nobody is asked).
    public var notificationPermissionUndetermined: Bool {
        (try? Reminders.NotificationCenter(directory: configuration.home))?.authorizationStatus == .notDetermined
    }

    /// Stores the user's answer when none is stored yet (an earlier answer stays).
    /// - Returns: Whether notifications are allowed.
    @discardableResult
    public func answerNotificationPermission(_ allowed: Bool) throws -> Bool {
        try Reminders.NotificationCenter(directory: configuration.home).requestAuthorization { allowed }
    }
}
