import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import ReminderAgent
import Reminders
import TerminalText

/// `reminders`, `settings`, `agent`, `agent install|uninstall|status`.
enum ReminderCommands {
    static let all: [Command] = [
        Command(path: ["reminders"]) {
            context in
            try context.expectPositionals(atMost: 0)
            _ = try context.store()  // they show item texts: only for an unlocked session
            let pending = try context.session.pendingReminders()
            if context.json {
                try context.output.json(pending.map(ReminderJSON.init))
                return
            }
            if pending.isEmpty { context.output.line(tr("No reminders are scheduled.")) }
            let dates = DueDate.Display(locale: context.locale.time)
            for request in pending {
                context.output.line(
                    "\(dates.string(request.trigger.date))  \(TerminalText.line(request.content.title))  "
                        + "(\(TerminalText.line(request.content.body)))")
            }
        },
        Command(path: ["settings"], touchesContent: false) { context in
            let session = context.session
            _ = try session.settingsReport()  // the reminders store opens, or the command fails first
            var words = context.positionals
            while words.count >= 2 {
                let (name, value) = (words.removeFirst(), words.removeFirst())
                if name == "all-day-hour" {
                    guard let hour = Int(value), (0...23).contains(hour) else {
                        throw CLIError.usage(tr("all-day-hour takes an hour from 0 to 23"))
                    }
                    try session.setAllDayHour(hour)
                    continue
                }
                guard value == "on" || value == "off" else { throw CLIError.usage(tr("%@ takes on or off", name)) }
                switch name {
                case "notifications": try session.setNotificationsAllowed(value == "on")
                case "item-text":
                    try session.setShowsItemTextInNotifications(value == "on")
                    try rescheduleAll(&context)
                default:
                    throw CLIError.usage(
                        tr("unknown setting \"%@\"; use notifications, item-text or all-day-hour", name))
                }
                ReminderAgent.poke(home: context.home)
            }
            guard words.isEmpty else { throw CLIError.usage(tr("%@ needs on or off", words[0])) }
            let report = try session.settingsReport()
            if context.json {
                try context.output.json(report)
                return
            }
            let shown = [
                "authorized": tr("on"), "denied": tr("off (reminders are kept but not shown)"),
                "notDetermined": tr("not asked yet"),
            ]
            context.output.line(tr("Notifications: %@", shown[report.notifications] ?? report.notifications))
            context.output.line(
                tr(
                    "Item text in notifications: %@",
                    report.itemText == "on" ? tr("on") : tr("off (\"%@\")", tr("Checklists reminder"))))
            context.output.line(tr("App lock: %@", report.appLock))
            context.output.line(tr("A day without a time is due at: %d:00", Int(report.allDayHour) ?? 9))
        },
        Command(path: ["agent"], touchesContent: false) { context in
            try context.expectPositionals(atMost: 0)
            // A click on a reminder opens the desktop app at its item.
            let notifier = DesktopNotifier(open: { _ = DesktopLauncher.open(item: $0) })
            let agent = ReminderAgent(
                center: try context.notificationCenter(), notifier: notifier, home: context.home,
                log: { Output.error("checklists agent: " + $0) })
            if try !agent.run() { context.output.line(tr("A Checklists agent already runs for %@.", context.home)) }
        },
        Command(path: ["agent", "install"], touchesContent: false) { context in
            let installed = try AgentService(home: context.home, environment: context.environment).install()
            context.output.line(tr("Wrote %@.", installed.unitPath))
            if installed.enabled {
                context.output.line(tr("The agent is enabled and running (systemctl --user status checklists-agent)."))
            } else {
                context.output.line(
                    tr("No systemd user manager answers here. Start the agent yourself, e.g. from your shell profile:"))
                context.output.line("  " + installed.manualStart)
            }
        },
        Command(path: ["agent", "uninstall"], touchesContent: false) { context in
            let service = AgentService(home: context.home, environment: context.environment)
            context.output.line(
                try service.uninstall()
                    ? tr("Removed %@.", service.unitPath) : tr("The agent's service was not installed."))
        },
        Command(path: ["agent", "status"], touchesContent: false) { context in
            let summary = try context.session.reminderSummary()
            let running = ReminderAgent.isRunning(home: context.home)
            if context.json {
                try context.output.json(
                    AgentStatusJSON(
                        running: running, pending: summary.pending, next: summary.next.map { DueDate.iso8601($0) },
                        notifications: summary.status.rawValue))
                return
            }
            context.output.line(
                running ? tr("The agent is running.") : tr("The agent is not running ('checklists agent install')."))
            context.output.line(trn("%d reminder pending.", "%d reminders pending.", summary.pending))
            if let next = summary.next {
                context.output.line(tr("Next: %@.", DueDate.Display(locale: context.locale.time).string(next)))
            }
            if summary.status != .authorized {
                context.output.line(tr("Notifications are not allowed: 'checklists settings notifications on'."))
            }
        },
    ]

    /// The first time a reminder is turned on, asks once whether Checklists may show notifications.
    static func askPermissionOnce(_ context: Context) throws {
        // A damaged reminders store has been reported already; the item is saved and its
        // reminder waits in the outbox, so this is no failure of the command.
        guard let status = try context.session.askNotificationPermissionOnce() else { return }
        switch status {
        case .denied:
            Output.error(
                tr(
                    "Notifications are off: this reminder is kept but will not show ('checklists settings notifications on')."
                ))
        case .notDetermined:
            Output.error(
                tr("Notifications are not allowed yet: 'checklists settings notifications on' lets reminders show."))
        case .authorized where !ReminderAgent.isRunning(home: context.home):
            Output.error(
                tr("Note: no reminder agent runs; start it with 'checklists agent install' (or 'checklists agent &')."))
        default:
            break
        }
    }

    /// Re-renders every pending reminder (after the item-text setting changed).
    static func rescheduleAll(_ context: inout Context) throws {
        _ = try context.store()
        context.session.rescheduleReminders()
    }
}
