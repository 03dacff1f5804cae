import Localization

extension AppSession.SettingsReport {
    /// The settings in the user's language, one line each, as `checklists settings` prints them.
    public var lines: [String] {
        let shown = [
            "authorized": tr("on"), "denied": tr("off (reminders are kept but not shown)"),
            "notDetermined": tr("not asked yet"),
        ]
        return [
            tr("Notifications: %@", shown[notifications] ?? notifications),
            tr(
                "Item text in notifications: %@",
                itemText == "on" ? tr("on") : tr("off (\"%@\")", tr("Checklists reminder"))),
            tr("App lock: %@", appLock),
            tr("A day without a time is due at: %d:00", Int(allDayHour) ?? 9),
        ]
    }
}
