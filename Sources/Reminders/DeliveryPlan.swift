import Foundation
import Localization

/// What the agent shows for the requests that are due: each one once, "(late)" when it is
/// more than a minute overdue (missed while asleep or stopped), and one summary instead when
/// more than ten were missed, or more than ten are due at once.
public struct DeliveryPlan: Sendable, Equatable {
    /// One notification to show.
    public struct Notice: Sendable, Equatable {
        public let summary: String
        public let body: String
        public let icon: String
        /// The requests this notice delivers (several for a summary).
        public let requests: [NotificationRequest]
        /// Their identifiers.
        public var identifiers: [String] { requests.map(\.identifier) }
    }

    /// A request this much overdue counts as missed.
    public static let lateAfter: TimeInterval = 60
    /// More missed requests than this, or more due at once, are summarised.
    public static let summaryThreshold = 10

    public let notices: [Notice]

    /// Plans the delivery of `due` at `now`.
    public init(due: [NotificationRequest], now: Date) {
        let late = due.filter { now.timeIntervalSince($0.trigger.date) > Self.lateAfter }
        let onTime = due.filter { now.timeIntervalSince($0.trigger.date) <= Self.lateAfter }
        // Many due at once (a list's items all due "friday" remind at the all-day hour) would
        // bury the desktop under banners: more than the threshold become one notice, as missed ones do.
        var notices =
            onTime.count > Self.summaryThreshold
            ? [
                Notice(
                    summary: trn("%d reminder is due", "%d reminders are due", onTime.count),
                    body: tr("Open Checklists to see them."), icon: "No Icon", requests: onTime)
            ]
            : onTime.map {
                Notice(
                    summary: $0.content.title, body: $0.content.body, icon: $0.content.iconName,
                    requests: [$0])
            }
        if late.count > Self.summaryThreshold {
            notices.append(
                Notice(
                    summary: trn("%d reminder was missed", "%d reminders were missed", late.count),
                    body: tr("Open Checklists to see them (late)."),
                    icon: "No Icon", requests: late))
        } else {
            notices += late.map {
                Notice(
                    summary: $0.content.title, body: tr("%@ (late)", $0.content.body), icon: $0.content.iconName,
                    requests: [$0])
            }
        }
        self.notices = notices
    }
}
