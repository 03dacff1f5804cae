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
        while let name = words.first {
            // The name first: `settings foo bar` said "foo takes on or off", and a name without a
            // value "needs on or off", all-day-hour too.
            guard ["notifications", "item-text", "all-day-hour"].contains(name) else {
                throw AppSessionError.rejected(
                    tr("unknown setting \"%@\"; use notifications, item-text or all-day-hour", name))
            }
            words.removeFirst()
            let value = words.popFirst()
            if name == "all-day-hour" {
                guard let value, let hour = Int(value), (0...23).contains(hour) else {
                    throw AppSessionError.rejected(tr("all-day-hour takes an hour from 0 to 23"))
                }
                try setAllDayHour(hour)
                pokeReminderAgent()
                continue
            }
            guard let value else { throw AppSessionError.rejected(tr("%@ needs on or off", name)) }
            guard value == "on" || value == "off" else {
                throw AppSessionError.rejected(tr("%@ takes on or off", name))
            }
            if name == "notifications" {
                try setNotificationsAllowed(value == "on")
            } else {
                // The key first: the pending reminders are rendered again from the items, and a
                // refused unlock must leave the setting as it was (it was flipped before the
                // unlock, so `off` kept the texts in reminders.sqlite while it said off).
                _ = try store()
                try setShowsItemTextInNotifications(value == "on")
            }
            pokeReminderAgent()
        }
    }
}
