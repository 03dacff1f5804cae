import Arguments
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
            let pending = try context.notificationCenter().pendingNotificationRequests()
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
            let center = try context.notificationCenter()
            var words = context.positionals
            while words.count >= 2 {
                let (name, value) = (words.removeFirst(), words.removeFirst())
                if name == "all-day-hour" {
                    guard let hour = Int(value), (0...23).contains(hour) else {
                        throw CLIError.usage(tr("all-day-hour takes an hour from 0 to 23"))
                    }
                    try center.setAllDayHour(hour)
                    continue
                }
                guard value == "on" || value == "off" else { throw CLIError.usage(tr("%@ takes on or off", name)) }
                switch name {
                case "notifications": try center.setAuthorized(value == "on")
                case "item-text":
                    try center.setShowsItemText(value == "on")
                    try rescheduleAll(&context)
                default:
                    throw CLIError.usage(
                        tr("unknown setting \"%@\"; use notifications, item-text or all-day-hour", name))
                }
                ReminderAgent.poke(home: context.home)
            }
            guard words.isEmpty else { throw CLIError.usage(tr("%@ needs on or off", words[0])) }
            let status = center.authorizationStatus
            if context.json {
                try context.output.json([
                    "notifications": status.rawValue, "itemText": center.showsItemText ? "on" : "off",
                    "appLock": LockSettings.read(directory: context.home).method.rawValue,
                    "allDayHour": String(center.allDayHour),
                ])
                return
            }
            let shown = [
                "authorized": tr("on"), "denied": tr("off (reminders are kept but not shown)"),
                "notDetermined": tr("not asked yet"),
            ]
            context.output.line(tr("Notifications: %@", shown[status.rawValue] ?? status.rawValue))
            context.output.line(
                tr(
                    "Item text in notifications: %@",
                    center.showsItemText ? tr("on") : tr("off (\"%@\")", tr("Checklists reminder"))))
            context.output.line(tr("App lock: %@", LockSettings.read(directory: context.home).method.rawValue))
            context.output.line(tr("A day without a time is due at: %d:00", center.allDayHour))
        },
        Command(path: ["agent"], touchesContent: false) { context in
            try context.expectPositionals(atMost: 0)
            let agent = ReminderAgent(
                center: try context.notificationCenter(), notifier: DesktopNotifier(), home: context.home,
                log: { Output.error("checklists agent: " + $0) })
            if try !agent.run() { context.output.line(tr("A Checklists agent already runs for %@.", context.home)) }
        },
        Command(path: ["agent", "install"], touchesContent: false) { context in
            try AgentService(context).install(context.output)
        },
        Command(path: ["agent", "uninstall"], touchesContent: false) { context in
            try AgentService(context).uninstall(context.output)
        },
        Command(path: ["agent", "status"], touchesContent: false) { context in
            let center = try context.notificationCenter()
            let running = ReminderAgent.isRunning(home: context.home)
            let pending = try center.pendingNotificationRequests()
            if context.json {
                try context.output.json(
                    AgentStatusJSON(
                        running: running, pending: pending.count,
                        next: pending.first.map { DueDate.iso8601($0.trigger.date) },
                        notifications: center.authorizationStatus.rawValue))
                return
            }
            context.output.line(
                running ? tr("The agent is running.") : tr("The agent is not running ('checklists agent install')."))
            context.output.line(trn("%d reminder pending.", "%d reminders pending.", pending.count))
            if let next = pending.first {
                context.output.line(
                    tr("Next: %@.", DueDate.Display(locale: context.locale.time).string(next.trigger.date)))
            }
            if center.authorizationStatus != .authorized {
                context.output.line(tr("Notifications are not allowed: 'checklists settings notifications on'."))
            }
        },
    ]

    /// The first time a reminder is turned on, asks once whether Checklists may show notifications.
    static func askPermissionOnce(_ context: Context) throws {
        // A damaged reminders store has been reported already; the item is saved and its
        // reminder waits in the outbox, so this is no failure of the command.
        guard let center = try? context.notificationCenter() else { return }
        let allowed = try center.requestAuthorization {
            guard let tty = fopen("/dev/tty", "r+") else { return nil }
            defer { fclose(tty) }
            fputs(tr("Allow Checklists to show notifications for reminders? [Y/n] "), tty)
            fflush(tty)
            var line = [CChar](repeating: 0, count: 16)
            guard fgets(&line, 16, tty) != nil else { return nil }
            let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let answer = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .lowercased()
            return answer.isEmpty || answer.hasPrefix("y") || answer.hasPrefix(tr("y"))
        }
        switch center.authorizationStatus {
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
            _ = allowed
        }
    }

    /// Re-renders every pending reminder (after the item-text setting changed).
    static func rescheduleAll(_ context: inout Context) throws {
        _ = try context.store()
        context.session.rescheduleReminders()
    }
}

/// `reminders --json` element.
struct ReminderJSON: Encodable {
    let identifier: String
    let title: String
    let body: String
    let icon: String
    let fireAt: String

    init(_ request: NotificationRequest) {
        identifier = request.identifier
        title = request.content.title
        body = request.content.body
        icon = request.content.iconName
        fireAt = DueDate.iso8601(request.trigger.date)
    }
}

/// `agent status --json`: {"next","notifications","pending","running"}; `next` may be null.
struct AgentStatusJSON: Encodable {
    let running: Bool
    let pending: Int
    let next: String?
    let notifications: String

    enum CodingKeys: CodingKey { case running, pending, next, notifications }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(running, forKey: .running)
        try c.encode(pending, forKey: .pending)
        try c.encode(next, forKey: .next)  // null rather than absent
        try c.encode(notifications, forKey: .notifications)
    }
}
