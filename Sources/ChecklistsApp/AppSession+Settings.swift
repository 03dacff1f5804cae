import ChecklistsKit
import Localization

/// `settings NAME VALUE…`: the reminder settings by name, as a front end's settings page
/// changes them.
extension AppSession {
    /// Applies each `NAME VALUE` pair in turn: `notifications on|off`, `item-text on|off` (every
    /// pending reminder is re-rendered) and `all-day-hour 0…23`; a running agent re-plans after
    /// each.
    /// - Throws: `AppSessionError.rejected` for an unknown name, a bad value or a name without
    ///   a value (the pairs before it are applied).
    public func changeSettings(_ words: [String]) throws {
        var words = words[...]
        while words.count >= 2 {
            let (name, value) = (words.removeFirst(), words.removeFirst())
            if name == "all-day-hour" {
                guard let hour = Int(value), (0...23).contains(hour) else {
                    throw AppSessionError.rejected(tr("all-day-hour takes an hour from 0 to 23"))
                }
                try setAllDayHour(hour)
                continue
            }
            guard value == "on" || value == "off" else {
                throw AppSessionError.rejected(tr("%@ takes on or off", name))
            }
            switch name {
            case "notifications": try setNotificationsAllowed(value == "on")
            case "item-text":
                // The key first: the pending reminders are rendered again from the items, and a
                // refused unlock must leave the setting as it was (it was flipped before the
                // unlock, so `off` kept the texts in reminders.sqlite while it said off).
                _ = try store()
                try setShowsItemTextInNotifications(value == "on")
            default:
                throw AppSessionError.rejected(
                    tr("unknown setting \"%@\"; use notifications, item-text or all-day-hour", name))
            }
            pokeReminderAgent()
        }
        if let name = words.first { throw AppSessionError.rejected(tr("%@ needs on or off", name)) }
    }
}
