import ChecklistsKit
import Foundation
import Localization
import ReminderAgent
import Reminders

/// Why a reminder just turned on may not show, for the front end to say.
public enum ReminderAdvice: Sendable, Equatable {
    /// The due date has passed: no reminder will fire.
    case dueDatePassed
    /// The item has no due date: no reminder will fire.
    case noDueDate
    /// The item is checked (done): its reminder fires only if it is unchecked.
    case checked
    /// Notifications are off; the reminder is kept (for data directory `home`).
    case notificationsOff(home: String)
    /// Notifications were never allowed (no one could be asked; for data directory `home`).
    case notificationsNotAllowed(home: String)
    /// Notifications are allowed, but no reminder agent runs to show them (for data directory `home`).
    case noAgent(home: String)
}

extension ReminderAdvice {
    /// What to tell the user, in their language (the remedies name the CLI's commands).
    public var message: String {
        switch self {
        case .dueDatePassed: tr("Note: the due date is in the past, so no reminder will fire.")
        case .noDueDate: tr("Note: the item has no due date, so no reminder will fire.")
        case .checked: tr("Note: the item is checked, so its reminder will fire only if you uncheck it.")
        // The commands name the data directory: without it they would serve the default one.
        case .notificationsOff(let home):
            tr(
                "Notifications are off: this reminder is kept but will not show (turn them on with: checklists settings notifications on --home %@).",
                AgentService.shellQuoted(home))
        case .notificationsNotAllowed(let home):
            tr(
                "Notifications are not allowed yet; reminders show once they are: checklists settings notifications on --home %@",
                AgentService.shellQuoted(home))
        case .noAgent(let home):
            tr(
                "Note: no reminder agent runs; start it with: checklists agent install --home %@ (or: checklists agent --home %@ &)",
                AgentService.shellQuoted(home), AgentService.shellQuoted(home))
        }
    }
}

extension AppSession {
    /// What to tell the user about the reminder of `item` just added or edited with its
    /// reminder on; asks once for permission to show notifications when the reminder can fire.
    /// Nil when all is well (or the reminders store is damaged: that was reported already, and
    /// the reminder waits in the outbox).
    public func reminderAdvice(for item: ChecklistItem, now: Date = Date()) throws -> ReminderAdvice? {
        guard let due = item.dueDate else { return .noDueDate }
        guard due > now else { return .dueDatePassed }
        guard !item.checked else { return .checked }
        let absoluteHome = home.hasPrefix("/") ? home : FileManager.default.currentDirectoryPath + "/" + home
        switch try askNotificationPermissionOnce() {
        case .denied?: return .notificationsOff(home: absoluteHome)
        case .notDetermined?: return .notificationsNotAllowed(home: absoluteHome)
        case .authorized? where !ReminderAgent.isRunning(home: home): return .noAgent(home: absoluteHome)
        default: return nil
        }
    }
}
