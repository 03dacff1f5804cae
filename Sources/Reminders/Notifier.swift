/// Shows notifications (desktop notifications, or a log line where there is no desktop).
public protocol Notifier: Sendable {
    /// A short name for logs ("desktop", "log").
    var name: String { get }
    /// Shows one notice. - Throws: when it could not be shown (the agent then falls back).
    func show(_ notice: DeliveryPlan.Notice) throws
}
