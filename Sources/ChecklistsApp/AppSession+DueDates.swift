import ChecklistsKit
import Foundation
import Localization

/// Due dates as a front end reads them from the user: in the user's time zone, a day alone at
/// the all-day hour setting.
extension AppSession {
    /// The time zone dates are read and shown in: the system's, as `TZ` names it.
    /// - Throws: `AppSessionError.rejected` when `TZ` names no zone this system knows
    ///   (Foundation would silently use UTC).
    public func timeZone() throws -> TimeZone {
        let name = configuration.locale.timeZoneName
        // As glibc reads TZ (":Europe/Berlin", a zone file's path, "JST-9"), not as Foundation
        // does: it took each of those as UTC without a word.
        guard let zone = UserLocale.zoneName(name) else {
            throw AppSessionError.rejected(tr("TZ=\"%@\" is not a time zone this system knows", name ?? ""))
        }
        return zone.isEmpty ? TimeZone.current : TimeZone(identifier: zone) ?? TimeZone.current
    }

    /// The due date `text` names ("tomorrow 9am", "2026-12-01 09:30", …).
    /// - Throws: `AppSessionError.rejected` for an unknown `TZ`; `ChecklistsError` when the text
    ///   names no date.
    public func dueDate(from text: String) throws -> Date {
        try DueDate.parse(text, timeZone: try timeZone(), allDayHour: allDayHour)
    }

    /// The due date `text` names and whether it is a day alone (an all-day item), as
    /// `dueDate(from:)` reads it.
    /// - Throws: As `dueDate(from:)`.
    public func dueEntry(from text: String) throws -> DueDate.Entry {
        try DueDate.entry(text, timeZone: try timeZone(), allDayHour: allDayHour)
    }
}
