import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import PrivateFiles
import ReminderAgent
import Reminders
import TerminalText

/// `reminders`, `settings`, `agent`, `agent install|uninstall|status`.
enum ReminderCommands {
    static let all: [Command] = [
        Command(path: ["reminders"]) {
            context in
            _ = try context.store()  // they show item texts: only for an unlocked session
            let pending = try context.session.pendingReminders()
            let dates = DueDate.Display(locale: context.locale.time)
            let lines = pending.map {
                "\(dates.string($0.trigger.date))  \(TerminalText.line($0.content.title))  "
                    + "(\(TerminalText.line($0.content.body)))"
            }
            try context.show(
                pending.map(ReminderJSON.init), pending.isEmpty ? [tr("No reminders are scheduled.")] : lines)
        },
        Command(path: ["settings"], touchesContent: false) { context in
            let session = context.session
            _ = try session.settingsReport()  // the reminders store opens, or the command fails first
            try session.changeSettings(context.positionals)
            let report = try session.settingsReport()
            try context.show(report, report.lines)
        },
        Command(path: ["agent"], touchesContent: false) { context in
            // Its log (standard error) gets the reminders when no notification service answers;
            // a file the shell made for it (`2>>~/.checklists-agent.log`) may be 0644.
            SecureFile.makePrivate(descriptor: 2)
            // A click on a reminder opens the desktop app at its item.
            let notifier = DesktopNotifier(
                open: { _ = DesktopLauncher.open(item: $0) },
                memory: ReminderAgent.shownNotificationsPath(home: context.home))
            notifier.listen()
            let agent = ReminderAgent(
                center: try Reminders.NotificationCenter(directory: context.home), notifier: notifier,
                home: context.home,
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
            // The commands name the data directory (absolute, quoted for the shell, as the
            // reminder advice does): without it they would serve the default one.
            let home = AgentService.shellQuoted(AgentService(home: context.home, environment: context.environment).home)
            context.output.line(
                running
                    ? tr("The agent is running.")
                    : tr("The agent is not running; start it with: checklists agent install --home %@", home))
            context.output.line(trn("%d reminder pending.", "%d reminders pending.", summary.pending))
            if let next = summary.next {
                context.output.line(tr("Next: %@.", DueDate.Display(locale: context.locale.time).string(next)))
            }
            if summary.status != .authorized {
                context.output.line(
                    tr(
                        "Notifications are not allowed; allow them with: checklists settings notifications on --home %@",
                        home))
            }
        },
    ]

    /// Says why the reminder of `item` (just added or edited) may not show; the first time a
    /// reminder is turned on, the session asks once whether Checklists may show notifications.
    static func remindNote(_ item: ChecklistItem, _ context: Context) throws {
        if let advice = try context.session.reminderAdvice(for: item) { Output.error(advice.message) }
    }
}
