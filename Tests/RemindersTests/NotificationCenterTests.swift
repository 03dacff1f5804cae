import Foundation
import Reminders
import TestSupport
import Testing

@Suite struct NotificationCenterTests {
    let dir = TemporaryDirectory()

    func request(_ id: String, at date: Date, title: String = "t") -> NotificationRequest {
        NotificationRequest(
            identifier: id, content: NotificationContent(title: title, body: "b"), trigger: DateTrigger(exactly: date))
    }

    @Test func asksForPermissionOnceAndRemembers() throws {
        let center = try Reminders.NotificationCenter(directory: dir.path)
        #expect(center.authorizationStatus == .notDetermined)
        #expect(try center.requestAuthorization { nil } == false)
        #expect(center.authorizationStatus == .notDetermined)
        var asked = 0
        #expect(
            try center.requestAuthorization {
                asked += 1; return true
            })
        #expect(
            try center.requestAuthorization {
                asked += 1; return false
            })
        #expect(asked == 1)
        #expect(try Reminders.NotificationCenter(directory: dir.path).authorizationStatus == .authorized)
    }

    @Test func sameIdentifierReplacesAndDeliveredOnesLeaveThePendingList() throws {
        let center = try Reminders.NotificationCenter(directory: dir.path)
        let now = Date()
        try center.add(request("a", at: now.addingTimeInterval(60), title: "first"))
        try center.add(request("a", at: now.addingTimeInterval(120), title: "second"))
        try center.add(request("b", at: now.addingTimeInterval(-1)))
        #expect(try center.pendingNotificationRequests().map(\.content.title) == ["t", "second"])
        #expect(try center.due(at: now).map(\.identifier) == ["b"])
        try center.markDelivered(["b"], at: now)
        #expect(try center.deliveredNotifications().map(\.request.identifier) == ["b"])
        #expect(try center.pendingNotificationRequests().map(\.identifier) == ["a"])
        try center.removeAllPendingNotificationRequests()
        #expect(try center.pendingNotificationRequests().isEmpty)
        #expect(try center.deliveredNotifications().count == 1)
    }
    /// A reminder once shown keeps its identifier and times, not its text: nothing reads a shown
    /// one's text again, and with the app lock on the file is in the clear for the agent's sake.
    @Test func aShownReminderKeepsNoTextInTheHistoryOrTheFiles() throws {
        let center = try Reminders.NotificationCenter(directory: dir.path)
        let now = Date()
        try center.add(request("a", at: now.addingTimeInterval(-1), title: "Surprise party"))
        try center.add(request("b", at: now.addingTimeInterval(60), title: "Dentist visit"))
        try center.markDelivered(["a"], at: now)
        #expect(try center.deliveredNotifications().map(\.request.identifier) == ["a"])
        #expect(try center.deliveredNotifications().map(\.request.content.title) == [""])
        #expect(try center.pendingNotificationRequests().map(\.content.title) == ["Dentist visit"])
        let bytes = try dir.allBytes()
        #expect(!bytes.contains(utf8: "Surprise") && bytes.contains(utf8: "Dentist"))
    }

    @Test func cancellingOrHidingTextEmptiesTheFiles() throws {
        let center = try Reminders.NotificationCenter(directory: dir.path)
        let now = Date()
        try center.add(request("a", at: now.addingTimeInterval(60), title: "Surprise party"))
        try center.add(request("b", at: now.addingTimeInterval(-1), title: "Dentist visit"))
        try center.apply([.cancel("a")])
        try center.setShowsItemText(false)
        try center.markDelivered(["b"], at: now)
        #expect(try center.deliveredNotifications().map(\.request.content.title) == [""])
        let bytes = try dir.allBytes()
        #expect(!bytes.contains(utf8: "Surprise") && !bytes.contains(utf8: "Dentist"))
    }
}

@Suite struct DeliveryPlanTests {
    func due(_ count: Int, minutesAgo: Double, now: Date) -> [NotificationRequest] {
        (0..<count).map {
            NotificationRequest(
                identifier: "r\($0)", content: NotificationContent(title: "Item \($0)", body: "List · due"),
                trigger: DateTrigger(exactly: now.addingTimeInterval(-minutesAgo * 60)))
        }
    }

    @Test func onTimeRemindersShowAsTheyAre() {
        let now = Date()
        let plan = DeliveryPlan(due: due(2, minutesAgo: 0.2, now: now), now: now)
        #expect(plan.notices.map(\.summary) == ["Item 0", "Item 1"])
        #expect(plan.notices.allSatisfy { !$0.body.contains("(late)") })
    }

    @Test func missedRemindersAreMarkedLate() {
        let now = Date()
        let plan = DeliveryPlan(due: due(3, minutesAgo: 30, now: now), now: now)
        #expect(plan.notices.count == 3)
        #expect(plan.notices.allSatisfy { $0.body.hasSuffix("(late)") })
    }

    @Test func moreThanTenMissedBecomeOneSummary() {
        let now = Date()
        let plan = DeliveryPlan(
            due: due(11, minutesAgo: 90, now: now)
                + due(1, minutesAgo: 0, now: now).map {
                    NotificationRequest(identifier: "now", content: $0.content, trigger: $0.trigger)
                }, now: now)
        #expect(plan.notices.count == 2)
        #expect(plan.notices.last?.summary == "11 reminders were missed")
        #expect(plan.notices.last?.identifiers.count == 11)
    }

    /// A hundred items due Friday (at the all-day hour) make one notification, not a hundred.
    @Test func moreThanTenDueAtOnceBecomeOneSummary() {
        let now = Date()
        let plan = DeliveryPlan(due: due(150, minutesAgo: 0, now: now), now: now)
        #expect(plan.notices.map(\.summary) == ["150 reminders are due"])
        #expect(plan.notices.first?.body == "Open Checklists to see them.")
        #expect(plan.notices.first?.identifiers.count == 150)
        let ten = DeliveryPlan(due: due(10, minutesAgo: 0, now: now), now: now)
        #expect(ten.notices.count == 10)
    }
}
