/// One change to the pending reminders, recorded in the outbox with the item change that
/// causes it and applied to `reminders.sqlite` afterwards.
public enum ReminderIntent: Sendable, Equatable {
    /// Schedule (or replace) this request.
    case schedule(NotificationRequest)
    /// Cancel the pending request with this identifier.
    case cancel(String)

    /// The request identifier the intent is about.
    public var identifier: String {
        switch self {
        case .schedule(let request): request.identifier
        case .cancel(let identifier): identifier
        }
    }
}
