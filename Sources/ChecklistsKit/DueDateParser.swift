import Foundation

/// Reads the due dates people type: ISO dates, `today`/`tomorrow`, weekdays, month names,
/// `in 2 hours`, locale-ordered numeric dates, Chinese dates (`2026年12月24日`, `明天`, `下周一`),
/// and times as `18:00`, `9am` or `9:30pm`.
///
/// Rules (the README's WHEN table):
/// - A day without a time is an all-day item, due at the start of that day; its reminder is at
///   `allDayReminderHour`.
/// - A weekday (`friday`, `next friday`) is the coming one, 1 to 7 days ahead, never today.
/// - A month and day without a year (`dec 24`) is the next such day, today included.
/// - A time without a day (`9:30pm`) is the next such time, now included.
/// - A time the clocks skip (spring forward) is refused; a time they repeat (fall back) is the
///   first of the two.
/// - Anything else, or anything ambiguous (`1/2/2026` where the locale has no slash order), is
///   refused with `ChecklistsError.badDate`, whose message lists the accepted forms.
public struct DueDateParser: Sendable {
    /// A parsed due date.
    public struct Result: Sendable, Equatable {
        /// When the item is due, to the minute; the start of the day for an all-day item.
        public let date: Date
        /// Whether no time was given.
        public let isAllDay: Bool
        /// When to remind: `date`, or the all-day reminder hour on that day.
        public let reminder: Date
    }

    /// The current time, for relative forms.
    public let now: Date
    /// The zone of times without an explicit offset.
    public let timeZone: TimeZone
    /// How the locale writes numeric dates.
    public let order: DueDateOrder
    /// The hour (0-23) of the reminder of an all-day item.
    public let allDayReminderHour: Int

    /// - Parameters:
    ///   - now: The current time.
    ///   - timeZone: The user's zone.
    ///   - order: Which numeric dates besides ISO to read (from `DueDateOrder(locale:)`).
    ///   - allDayReminderHour: The reminder hour of all-day items, clamped to 0-23.
    public init(
        now: Date = Date(), timeZone: TimeZone = .current, order: DueDateOrder = .isoOnly,
        allDayReminderHour: Int = 9
    ) {
        self.now = now
        self.timeZone = timeZone
        self.order = order
        self.allDayReminderHour = min(max(allDayReminderHour, 0), 23)
    }

    /// Parses what the user typed.
    /// - Parameter text: For example `tomorrow 9am`, `friday 18:00`, `in 2 hours`, `dec 24`.
    /// - Returns: The due date, whether it is all-day, and when to remind.
    /// - Throws: `ChecklistsError.badDate` for text that is not an accepted form or names no real
    ///   date; `ChecklistsError.skippedTime` for a local time that does not exist, `.skippedDay`
    ///   for a day the time zone skipped.
    public func parse(_ text: String) throws -> Result {
        let bad = ChecklistsError.badDate(text)
        guard text.count <= 100 else { throw bad }
        var tokens = Self.tokens(text)
        guard !tokens.isEmpty, tokens.count <= 6 else { throw bad }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.dateComponents([.year, .month, .day, .weekday], from: now)

        var day: DateComponents?
        if tokens[0] == "in" {
            guard tokens.count >= 3, let n = Self.number(tokens[1], digits: 1...4), n > 0 else { throw bad }
            switch tokens[2] {
            case "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "h":
                guard tokens.count == 3 else { throw bad }
                let seconds = Double(n) * (tokens[2].hasPrefix("m") ? 60 : 3600)
                let date = DueDate.roundedDown(now.addingTimeInterval(seconds))
                try check(year: calendar.component(.year, from: date), bad)
                return Result(date: date, isAllDay: false, reminder: date)
            case "day", "days", "d", "week", "weeks", "w":
                day = try shifted(today, by: tokens[2].hasPrefix("w") ? n * 7 : n, calendar, bad)
                tokens.removeFirst(3)
            default: throw bad
            }
        } else if let (found, used) = try readDay(tokens, today: today, calendar: calendar, bad) {
            day = found
            tokens.removeFirst(used)
        }
        if tokens.first == "at", day != nil { tokens.removeFirst() }

        guard let clock = try Self.readTime(tokens, bad) else {
            guard let day, tokens.isEmpty else { throw bad }
            return try allDay(day, calendar: calendar, text)
        }
        if var day {
            return try at(&day, clock, calendar: calendar, text)
        }
        var todayAt = today.dayOnly
        let result = try at(&todayAt, clock, calendar: calendar, text)
        guard result.date < DueDate.roundedDown(now) else { return result }
        var tomorrow = try shifted(today, by: 1, calendar, bad)
        return try at(&tomorrow, clock, calendar: calendar, text)
    }
}

// MARK: - Pieces

extension DueDateParser {
    /// A time of day as typed, with its zone if it named one.
    struct Clock {
        var hour: Int
        var minute: Int
        var zone: TimeZone?
    }

    static let months = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
        "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
        "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
    ]

    /// Calendar weekday numbers (Sunday is 1).
    static let weekdays = [
        "sun": 1, "sunday": 1, "mon": 2, "monday": 2, "tue": 3, "tues": 3, "tuesday": 3, "wed": 4,
        "wednesday": 4, "thu": 5, "thur": 5, "thurs": 5, "thursday": 5, "fri": 6, "friday": 6, "sat": 7,
        "saturday": 7,
    ]

    /// Lower-cased words; `2026-12-01T09:30` becomes two words, `9 pm` one, commas go,
    /// full-width letters and digits are plain ones, and `12月24日18:00` is two words.
    static func tokens(_ text: String) -> [String] {
        var words: [String] = []
        let pieces = chineseNormalized(halfWidth(text)).split(whereSeparator: { $0.isWhitespace || $0 == "," }).flatMap(
            chineseParts)
        for raw in pieces {
            if let t = raw.firstIndex(of: "T"), t != raw.startIndex,
                raw[..<t].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
            {
                words.append(String(raw[..<t]).lowercased())
                words.append(String(raw[raw.index(after: t)...]).lowercased())
            } else if let last = words.last, ["am", "pm"].contains(raw.lowercased()), last.last?.isNumber == true {
                words[words.count - 1] = last + raw.lowercased()
            } else {
                words.append(raw.lowercased())
            }
        }
        return words
    }

    /// A plain ASCII decimal of the given length, so no sign, no overflow.
    static func number<S: StringProtocol>(_ text: S, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    func check(year: Int?, _ bad: ChecklistsError) throws {
        guard let year, DueDate.years.contains(year) else { throw bad }
    }
}
