import ChecklistsApp
import ChecklistsKit
import LocalAuthentication
import Localization

/// Settings: the app lock switch and its method (both authenticate first and stay as they were
/// when that fails), the lock's times, and the two notification switches (notifications allowed,
/// item text shown).
final class SettingsScreen: Screen {
    enum Row: Int, CaseIterable { case appLock, method, idle, reuse, notifications, itemText }

    /// The methods the chooser offers, in order.
    static let methods: [LockMethod] = [.fingerprint, .password, .passcode]

    var scroller = Scroller()
    private var lock: LockSettings
    /// The method the chooser shows: the lock's own while it is on and nothing else was picked,
    /// else the one the switch turns the lock on with.
    private(set) var chosenMethod: LockMethod
    private var notifications: AppSession.NotificationSettings

    init(app: TerminalApp) {
        lock = app.session.lockSettings
        chosenMethod = lock.method != .off ? lock.method : app.session.defaultLockMethod()
        notifications = app.session.notificationSettings
        scroller.setCount(Row.allCases.count)
    }

    var title: String { tr("Settings") }
    var section: Section { .settings }
    var hints: String { tr("Space/Enter switch  ←/→ change  Tab sections  q quit") }

    /// Each setting on a row of its own with a blank row after it; when a value does not fit
    /// beside its label, every value goes on that second row, under its label (beside it, every
    /// value was cut to "…" on a narrow terminal), and a short terminal shows as many settings
    /// as fit, scrolled to the selected one (the last two were off screen on a 10-row terminal).
    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let described = Row.allCases.map { describe($0, app: app) }
        let labelWidth = 28
        let isNarrow = described.contains { 3 + labelWidth + CellWidth.of($0.value) > canvas.width }
        let fitting = isNarrow ? area.count / 2 : (area.count + 1) / 2
        for (offset, index) in scroller.visible(height: fitting).enumerated() {
            let isSelected = index == scroller.selection
            let style: Style = isSelected ? .selected : .normal
            let (label, value) = described[index]
            let head = " \(isSelected ? app.glyphs.pointer : " ") "
            let line = area.lowerBound + 2 * offset
            if isNarrow {
                canvas.put(line, CellWidth.fit(head + label, to: canvas.width), style)
                canvas.put(line + 1, CellWidth.fit("     " + value, to: canvas.width), style)
            } else {
                canvas.put(
                    line, CellWidth.fit(head + CellWidth.fit(label, to: labelWidth) + value, to: canvas.width), style)
            }
        }
    }

    private func describe(_ row: Row, app: TerminalApp) -> (label: String, value: String) {
        switch row {
        case .appLock:
            let on = lock.method != .off
            return (tr("App Lock"), app.glyphs.toggle(on) + (on ? "  " + lock.method.localizedName : ""))
        case .method:
            let pending = lock.method != .off && chosenMethod != lock.method
            return (
                tr("Lock Method"),
                "‹ " + chosenMethod.localizedName + " ›" + (pending ? "  " + tr("Enter to switch") : "")
            )
        case .idle: return (tr("Lock after idle"), trn("%d minute", "%d minutes", lock.idleMinutes))
        case .reuse: return (tr("Don't ask again within"), trn("%d second", "%d seconds", lock.reuseSeconds))
        case .notifications: return (tr("Notifications"), app.glyphs.toggle(notifications.allowed))
        case .itemText: return (tr("Show Text in Notifications"), app.glyphs.toggle(notifications.showsItemText))
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        let row = Row(rawValue: scroller.selection) ?? .appLock
        switch (row, key) {
        case (.appLock, .enter), (.appLock, .character(" ")): switchLock(app: app)
        case (.method, .left), (.method, .right):
            let index = Self.methods.firstIndex(of: chosenMethod) ?? 0
            let count = Self.methods.count
            chosenMethod = Self.methods[(index + (key == .right ? 1 : count - 1)) % count]
        case (.method, .enter), (.method, .character(" ")):
            if lock.method == .off { switchLock(app: app) } else { switchMethod(app: app) }
        case (.notifications, .enter), (.notifications, .character(" ")):
            app.perform { try app.session.setNotificationsAllowed(!notifications.allowed) }
            notifications = app.session.notificationSettings
            app.session.pokeReminderAgent()
        case (.itemText, .enter), (.itemText, .character(" ")):
            app.perform { try app.session.setShowsItemTextInNotifications(!notifications.showsItemText) }
            notifications = app.session.notificationSettings
            app.session.pokeReminderAgent()
        case (.idle, .left), (.idle, .right):
            let minutes = (lock.idleMinutes + (key == .right ? 1 : -1)).clamped(to: LockSettings.idleRange)
            lock = app.perform { try app.session.saveLockTimes(reuseSeconds: nil, idleMinutes: minutes) } ?? lock
        case (.reuse, .left), (.reuse, .right):
            let seconds = (lock.reuseSeconds + (key == .right ? 10 : -10)).clamped(to: LockSettings.reuseRange)
            lock = app.perform { try app.session.saveLockTimes(reuseSeconds: seconds, idleMinutes: nil) } ?? lock
        case (_, _) where key.isBack: app.quit()
        default: break
        }
        // The lock's switch and idle minutes apply to the idle timer at once.
        app.idleTimeout = TerminalApp.idleTimeout(for: lock)
    }

    /// Turns the app lock on (with the chosen method) or off; authentication comes first, and
    /// when it fails the switch stays where it was and a toast says why.
    private func switchLock(app: TerminalApp) {
        let turningOn = lock.method == .off
        let method = turningOn ? chosenMethod : lock.method
        do {
            if turningOn { _ = try app.session.enableLock(method) } else { _ = try app.session.disableLock() }
            app.say(turningOn ? tr("App lock is on.") : tr("App lock is off."))
        } catch {
            let failure =
                turningOn
                ? tr("Turning on %@ unlock failed", method.localizedName.lowercased())
                : tr("Turning off %@ unlock failed", method.localizedName.lowercased())
            app.say(failure + ": " + app.describe(error), alert: true)
        }
        lock = app.session.lockSettings
        if lock.method != .off { chosenMethod = lock.method }
    }

    /// Moves the lock to the chosen method: the new method is proven first (a passcode is chosen
    /// when none is set); when that fails the lock keeps its method and a toast says why.
    private func switchMethod(app: TerminalApp) {
        let method = chosenMethod
        guard method != lock.method else { return }
        do {
            _ = try app.session.enableLock(method)
            app.say(tr("App lock uses %@ now.", method.localizedName.lowercased()))
        } catch {
            app.say(
                tr("Switching to %@ unlock failed", method.localizedName.lowercased()) + ": " + app.describe(error),
                alert: true)
        }
        lock = app.session.lockSettings
        chosenMethod = lock.method
    }

    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        if case .settingsChanged = change { lock = app.session.lockSettings }
    }
}
