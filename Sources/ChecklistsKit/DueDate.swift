import Foundation
import Localization

/// Parsing and showing due dates. Due dates are kept to the whole minute.
public enum DueDate {
    /// The years a due date may fall in.
    public static let years = 1900...9999

    /// `date` with seconds and fractions dropped.
    public static func roundedDown(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// The accepted forms, for the message that refuses a date and the help of `--due`, in the
    /// user's language: one message per sentence, so each translates whole and a line can wrap
    /// between them. The words the parser reads (`today`, `dec 24`) stay as they are.
    public static var acceptedForms: String {
        [
            tr("Use a day, a time, or both."),
            tr("A day is YYYY-MM-DD, today, tomorrow, friday, next monday, dec 24, 24 dec 2026 or in 3 days."),
            tr("DD.MM.YYYY, MM/DD/YYYY or YYYY/MM/DD are read where your locale (LC_TIME) writes dates that way."),
            tr("Chinese dates are read too: 2026年12月24日, 12月24日 18:00, 明天下午3点半, 周五, 本周五, 下周一, 大后天, 3天后."),
            tr("A time is 18:00, 9am or 9:30pm."),
            tr(
                "A day alone makes an all-day item, due and reminded at 09:00 that day (see all-day-hour in checklists settings)."
            ),
            tr("A time alone is its next occurrence."),
            tr("From now: in 2 hours or in 30 minutes."),
            tr("Years %d-%d.", years.lowerBound, years.upperBound),
        ].joined(separator: " ")
    }

    /// Parses what the user typed (see `DueDateParser` for the forms).
    /// - Parameters:
    ///   - text: What the user typed, e.g. `2026-12-01 09:30`, `tomorrow 9am`, `friday 18:00`.
    ///   - now: The current time, for relative forms.
    ///   - timeZone: The zone of times without an explicit offset.
    ///   - locale: Decides whether `24.12.2026` or `12/24/2026` is read (`UserLocale().time` by default).
    /// - Returns: The date rounded down to the minute. A day without a time is due at the
    ///   all-day hour (`allDayHour`, 09:00 unless `checklists settings all-day-hour` says
    ///   otherwise) of that day: items keep one due time, so this is when its reminder fires —
    ///   never at midnight.
    /// - Throws: `ChecklistsError.badDate` or `.skippedTime` when the text names no due date.
    public static func parse(
        _ text: String, now: Date = Date(), timeZone: TimeZone = .current, locale: Locale = UserLocale().time,
        allDayHour: Int = 9
    ) throws -> Date {
        try entry(text, now: now, timeZone: timeZone, locale: locale, allDayHour: allDayHour).date
    }

    /// When an all-day item on the day `date` falls on in `timeZone` is due: `hour` (0–23)
    /// that day, or the day's start where the clocks skip that hour, as the parser reads a day.
    public static func allDay(onDayOf date: Date, hour: Int, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: date)
        var parts = calendar.dateComponents([.year, .month, .day], from: date)
        parts.hour = min(max(hour, 0), 23)
        return calendar.date(from: parts).map { max($0, start) } ?? start
    }

    /// A due date as typed: when it is due, and whether a day was typed without a time.
    public struct Entry: Sendable, Equatable {
        /// When the item is due, to the minute; for a day alone, the all-day hour of that day.
        public let date: Date
        /// Whether the text named a day without a time (`2026-12-24`, `tomorrow`, `明天`).
        public let isAllDay: Bool

        public init(date: Date, isAllDay: Bool) {
            self.date = date
            self.isAllDay = isAllDay
        }
    }

    /// Parses what the user typed, as `parse` does, and says whether it was a day alone.
    /// - Throws: As `parse`.
    public static func entry(
        _ text: String, now: Date = Date(), timeZone: TimeZone = .current, locale: Locale = UserLocale().time,
        allDayHour: Int = 9
    ) throws -> Entry {
        let result = try DueDateParser(
            now: now, timeZone: timeZone, order: DueDateOrder(locale: locale), allDayReminderHour: allDayHour
        ).parse(text)
        return Entry(date: result.reminder, isAllDay: result.isAllDay)
    }

    /// The date as the locale's medium date and short time ("1 Dec 2026, 09:30").
    public static func display(_ date: Date, locale: Locale, timeZone: TimeZone = .current) -> String {
        Display(locale: locale, timeZone: timeZone).string(date)
    }

    /// A reusable formatter for many dates (making one costs far more than using it).
    public struct Display: Sendable {
        private let formatter: LazyFormatter
        private let dayFormatter: LazyFormatter

        /// - Parameter timeZone: The zone dates are shown in (nil: the system's, `TZ`).
        public init(locale: Locale, timeZone: TimeZone? = nil) {
            formatter = LazyFormatter(locale: locale, timeZone: timeZone, showsTime: true)
            dayFormatter = LazyFormatter(locale: locale, timeZone: timeZone, showsTime: false)
        }

        /// The locale's medium date and short time, with plain spaces: ICU puts a narrow
        /// no-break space before "AM", so `grep "9:00 AM"` would not find it.
        public func string(_ date: Date) -> String {
            Self.plainSpaces(formatter.made.string(from: date))
        }

        /// An item's due date as the lists show it: the locale's medium date alone for an
        /// all-day item ("24 Dec 2026"), else with its time, as `string(_:)`.
        public func string(_ date: Date, allDay: Bool) -> String {
            allDay ? Self.plainSpaces(dayFormatter.made.string(from: date)) : string(date)
        }

        private static func plainSpaces(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{00A0}", with: " ")
        }
    }

    /// The formatter, made on first use: every store holds a `Display` for reminder texts, and
    /// making a DateFormatter and the current TimeZone cost each command (`lists` too) about
    /// half a millisecond though most never format a date.
    private final class LazyFormatter: @unchecked Sendable {
        private let locale: Locale
        private let timeZone: TimeZone?
        private let showsTime: Bool
        private let lock = NSLock()
        // DateFormatter is thread-safe for formatting once configured.
        private var formatter: DateFormatter?

        init(locale: Locale, timeZone: TimeZone?, showsTime: Bool) {
            self.locale = locale
            self.timeZone = timeZone
            self.showsTime = showsTime
        }

        var made: DateFormatter {
            lock.withLock {
                if let formatter { return formatter }
                let formatter = DateFormatter()
                formatter.locale = locale
                formatter.timeZone = timeZone ?? .current
                formatter.dateStyle = .medium
                formatter.timeStyle = showsTime ? .short : .none
                self.formatter = formatter
                return formatter
            }
        }
    }

    /// The date in ISO 8601 with the local offset, for `--json` ("2026-12-01T09:30:00+01:00"),
    /// in the profile RFC 3339 readers accept: where the local offset has seconds (local mean
    /// times before about 1900: Detroit's -05:32:11) or the local year has five digits (9999-12-31
    /// 23:59 in Honolulu is 10000-01-01 at UTC+14), the same instant is written in UTC ("Z"),
    /// or at -14:00 when it is past 9999 in UTC too.
    ///
    /// Written out by arithmetic: an `ISO8601DateFormatter` made per date (an ICU formatter
    /// each) cost `lists --json` about 0.1 ms per list and `items --json` as much per item.
    /// Only instants outside years 1–9999 even in UTC go to the formatter.
    public static func iso8601(_ date: Date, timeZone: TimeZone = .current) -> String {
        let seconds = (date.timeIntervalSince1970).rounded(.down)
        guard abs(seconds) < 4e11 else { return formatterISO8601(date, timeZone: timeZone) }
        var offset = timeZone.secondsFromGMT(for: date)
        if offset % 60 != 0 { offset = 0 }
        var civil = CivilTime(secondsSince1970: Int64(seconds) + Int64(offset))
        if !(1...9999).contains(civil.year) && offset != 0 {
            offset = 0
            civil = CivilTime(secondsSince1970: Int64(seconds))
        }
        // Past 9999 even in UTC (9999-12-31 23:00 in New York): the same instant at -14:00, as
        // the backup writes it.
        if civil.year > 9999 {
            offset = -14 * 3600
            civil = CivilTime(secondsSince1970: Int64(seconds) + Int64(offset))
        }
        guard (1...9999).contains(civil.year) else { return formatterISO8601(date, timeZone: timeZone) }
        var text = ""
        text.reserveCapacity(25)
        func append(_ value: Int, digits: Int) {
            var digitsText = String(value)
            while digitsText.utf8.count < digits { digitsText = "0" + digitsText }
            text += digitsText
        }
        append(civil.year, digits: 4)
        text += "-"
        append(civil.month, digits: 2)
        text += "-"
        append(civil.day, digits: 2)
        text += "T"
        append(civil.hour, digits: 2)
        text += ":"
        append(civil.minute, digits: 2)
        text += ":"
        append(civil.second, digits: 2)
        if offset == 0 { return text + "Z" }
        text += offset < 0 ? "-" : "+"
        append(abs(offset) / 3600, digits: 2)
        text += ":"
        append(abs(offset) / 60 % 60, digits: 2)
        return text
    }

    /// Foundation's ISO 8601 with the offset, for what the arithmetic leaves out.
    static func formatterISO8601(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// A count of seconds since 1970 as a proleptic Gregorian date and time of day (the calendar
/// ISO 8601 uses), by days-to-civil arithmetic on 400-year eras of 146,097 days.
struct CivilTime: Equatable {
    let year, month, day, hour, minute, second: Int

    init(secondsSince1970 total: Int64) {
        let (days, secondOfDay) = Self.floorDivision(total, 86_400)
        hour = Int(secondOfDay / 3600)
        minute = Int(secondOfDay / 60 % 60)
        second = Int(secondOfDay % 60)
        // Days counted from 0000-03-01, so that a leap day ends its year.
        let (era, dayOfEra) = Self.floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March … 11 = February
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }

    /// Quotient and remainder rounded towards negative infinity (the remainder is never negative).
    private static func floorDivision(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let remainder = a % b
        return remainder < 0 ? (a / b - 1, remainder + b) : (a / b, remainder)
    }
}
