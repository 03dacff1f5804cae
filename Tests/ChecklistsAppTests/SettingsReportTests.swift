import Testing

@testable import ChecklistsApp

/// The settings as `checklists settings` prints them.
@Suite struct SettingsReportTests {
    @Test func linesSayEachSettingInWords() {
        let report = AppSession.SettingsReport(
            notifications: "denied", itemText: "off", appLock: "password", allDayHour: "7")
        #expect(
            report.lines == [
                "Notifications: off (reminders are kept but not shown)",
                "Item text in notifications: off (\"Checklists reminder\")", "App lock: password",
                "A day without a time is due at: 7:00",
            ])
    }
}
