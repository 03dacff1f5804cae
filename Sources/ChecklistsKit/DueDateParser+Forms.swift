import Foundation

/// The day forms, the time forms, and turning both into a date.
extension DueDateParser {
    /// Reads a day from the front of `tokens`: the day and how many tokens it used, or nil when
    /// the first token names no day (it may be a time).
    func readDay(
        _ tokens: [String], today: DateComponents, calendar: Calendar, _ bad: ChecklistsError
    ) throws -> (DateComponents, Int)? {
        let first = tokens[0]
        let year = tokens.count > 2 ? Self.number(tokens[2], digits: 4...4) : nil
        switch first {
        case "today": return (today.dayOnly, 1)
        case "tomorrow": return (try shifted(today, by: 1, calendar, bad), 1)
        case "next":
            guard tokens.count > 1, let weekday = Self.weekdays[tokens[1]] else { throw bad }
            return (try coming(weekday, today, calendar, bad), 2)
        default: break
        }
        if let weekday = Self.weekdays[first] {
            return (try coming(weekday, today, calendar, bad), 1)
        }
        if let month = Self.months[Self.dropDot(first)] {
            guard tokens.count > 1, let day = Self.number(tokens[1], digits: 1...2) else { throw bad }
            return (try dated(year: year, month: month, day: day, today, calendar, bad), year == nil ? 2 : 3)
        }
        if let day = Self.number(first, digits: 1...2), tokens.count > 1,
            let month = Self.months[Self.dropDot(tokens[1])]
        {
            return (try dated(year: year, month: month, day: day, today, calendar, bad), year == nil ? 2 : 3)
        }
        if let chinese = try readChineseDay(first, today: today, calendar: calendar, bad) {
            return (chinese, 1)
        }
        if let numeric = try readNumeric(first, today: today, calendar: calendar, bad) {
            return (numeric, 1)
        }
        return nil
    }

    /// `2026-12-24` always; `24.12.2026`, `12/24/2026`, `2026/12/24` (and the first two without
    /// the year) only in the locale's own order and separator.
    func readNumeric(
        _ word: String, today: DateComponents, calendar: Calendar, _ bad: ChecklistsError
    ) throws -> DateComponents? {
        let iso = word.split(separator: "-", omittingEmptySubsequences: false)
        if iso.count == 3, iso[0].count == 4, iso.allSatisfy({ $0.allSatisfy(\.isNumber) }) {
            guard let y = Self.number(iso[0], digits: 4...4), let m = Self.number(iso[1], digits: 1...4),
                let d = Self.number(iso[2], digits: 1...4)
            else { throw bad }
            return try dated(year: y, month: m, day: d, today, calendar, bad)
        }
        guard word.contains(where: { !$0.isNumber }), word.allSatisfy({ $0.isNumber || ".-/".contains($0) }) else {
            return nil
        }
        let separator: Character
        let fields: (day: Int, month: Int, year: Int?)
        switch order {
        case .isoOnly: throw bad
        case .dayMonthYear(let s): separator = s
        case .monthDayYear(let s): separator = s
        case .yearMonthDay(let s): separator = s
        }
        var text = Substring(word)
        if separator == ".", text.hasSuffix("."), text.filter({ $0 == "." }).count == 2 { text.removeLast() }
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { throw bad }
        let year = parts.count == 3 ? parts[parts.count - 1] : nil
        switch order {
        case .dayMonthYear:
            guard let d = Self.number(parts[0], digits: 1...2), let m = Self.number(parts[1], digits: 1...2) else {
                throw bad
            }
            fields = (d, m, try year.map { try Self.required(Self.number($0, digits: 4...4), bad) })
        case .monthDayYear:
            guard let m = Self.number(parts[0], digits: 1...2), let d = Self.number(parts[1], digits: 1...2) else {
                throw bad
            }
            fields = (d, m, try year.map { try Self.required(Self.number($0, digits: 4...4), bad) })
        default:
            guard parts.count == 3, let y = Self.number(parts[0], digits: 4...4),
                let m = Self.number(parts[1], digits: 1...2), let d = Self.number(parts[2], digits: 1...2)
            else { throw bad }
            fields = (d, m, y)
        }
        return try dated(year: fields.year, month: fields.month, day: fields.day, today, calendar, bad)
    }

    /// The time in the remaining tokens: nil when there are none.
    static func readTime(_ tokens: [String], _ bad: ChecklistsError) throws -> Clock? {
        guard let word = tokens.first else { return nil }
        guard tokens.count == 1 else { throw bad }
        if word == "noon" { return Clock(hour: 12, minute: 0) }
        guard let clock = clock(word) else { throw bad }
        return clock
    }

    /// `18:00`, `9:00:30`, `09:30Z`, `09:30+01:00`, `9am`, `9:30pm`, `12am` (midnight).
    static func clock(_ word: String) -> Clock? {
        var text = Substring(word)
        var zone: TimeZone?
        if text.hasSuffix("z") {
            text.removeLast()
            zone = TimeZone(secondsFromGMT: 0)
        } else if let sign = text.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = text[text.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            guard offset.count <= 2, let h = number(offset[0], digits: 1...2),
                let m = offset.count == 2 ? number(offset[1], digits: 2...2) : 0, m < 60, h * 60 + m <= 14 * 60,
                let z = TimeZone(secondsFromGMT: (text[sign] == "-" ? -60 : 60) * (h * 60 + m))
            else { return nil }
            zone = z
            text = text[..<sign]
        }
        var meridiem: Int?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            meridiem = text.hasSuffix("pm") ? 12 : 0
            text.removeLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let hour = number(parts[0], digits: 1...2) else { return nil }
        if let meridiem {
            guard parts.count <= 2, (1...12).contains(hour) else { return nil }
            let minute = parts.count == 2 ? number(parts[1], digits: 2...2) : 0
            guard let minute, minute < 60 else { return nil }
            return Clock(hour: hour % 12 + meridiem, minute: minute, zone: zone)
        }
        guard (2...3).contains(parts.count), hour < 24, let minute = number(parts[1], digits: 2...2), minute < 60
        else { return nil }
        if parts.count == 3 {
            let second = parts[2].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard let s = number(second[0], digits: 2...2), s <= 60,
                second.count == 1 || (!second[1].isEmpty && second[1].allSatisfy { $0.isASCII && $0.isNumber })
            else { return nil }
        }
        return Clock(hour: hour, minute: minute, zone: zone)
    }

    /// The day at the clock time; refuses a time the clocks skip, takes the first of a repeated one.
    func at(_ day: inout DateComponents, _ clock: Clock, calendar: Calendar, _ text: String) throws -> Result {
        var calendar = calendar
        calendar.timeZone = clock.zone ?? timeZone
        day.hour = clock.hour
        day.minute = clock.minute
        guard let date = calendar.date(from: day) else { throw ChecklistsError.badDate(text) }
        let keys: Set<Calendar.Component> = [.year, .month, .day, .hour, .minute]
        let back = calendar.dateComponents(keys, from: date)
        guard back.year == day.year, back.month == day.month, back.day == day.day else {
            throw skipped(day, calendar) ? skippedDay(text, calendar) : ChecklistsError.badDate(text)
        }
        guard back.hour == clock.hour, back.minute == clock.minute else { throw ChecklistsError.skippedTime(text) }
        var first = date
        for earlier in [1800.0, 3600, 7200] where calendar.dateComponents(keys, from: date - earlier) == back {
            first = min(first, date - earlier)
        }
        first = DueDate.roundedDown(first)
        try check(year: Calendar(identifier: .gregorian).dateComponents(in: timeZone, from: first).year, .badDate(text))
        return Result(date: first, isAllDay: false, reminder: first)
    }

    /// The start of the day, reminded at the all-day hour.
    func allDay(_ day: DateComponents, calendar: Calendar, _ text: String) throws -> Result {
        var noon = day
        noon.hour = 12
        guard let date = calendar.date(from: noon) else { throw ChecklistsError.badDate(text) }
        // Without this a day the zone skipped silently became the next one.
        if skipped(day, calendar) { throw skippedDay(text, calendar) }
        let start = calendar.startOfDay(for: date)
        noon.hour = allDayReminderHour
        let reminder = calendar.date(from: noon).map { max($0, start) } ?? start
        return Result(date: start, isAllDay: true, reminder: reminder)
    }
}

// MARK: - Days

extension DueDateParser {
    /// Whether the zone's clocks skip calendar day `day` as a whole (Pacific/Apia skipped
    /// 2011-12-30 when it moved across the date line): neither its midnight nor its noon is a
    /// time of that day there.
    func skipped(_ day: DateComponents, _ calendar: Calendar) -> Bool {
        [0, 12].allSatisfy { hour in
            var at = day.dayOnly
            at.hour = hour
            guard let date = calendar.date(from: at) else { return false }
            let back = calendar.dateComponents([.year, .month, .day], from: date)
            return back.year != day.year || back.month != day.month || back.day != day.day
        }
    }

    func skippedDay(_ text: String, _ calendar: Calendar) -> ChecklistsError {
        .skippedDay(text, zone: calendar.timeZone.identifier)
    }
}

extension DueDateParser {
    /// The coming `weekday`, 1 to 7 days ahead (never today).
    ///
    /// Counted on the calendar, not in the user's zone: a weekday the zone skipped stays that
    /// day and is refused by name later (`skippedDay`). In the zone, "friday" said in
    /// Pacific/Apia on 2011-12-29 became Saturday the 31st, as the 30th does not exist there.
    func coming(_ weekday: Int, _ today: DateComponents, _ calendar: Calendar, _ bad: ChecklistsError) throws
        -> DateComponents
    {
        let ahead = (weekday - (today.weekday ?? weekday) + 7) % 7
        var days = Calendar(identifier: .gregorian)
        days.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return try shifted(today, by: ahead == 0 ? 7 : ahead, days, bad)
    }

    func shifted(_ day: DateComponents, by days: Int, _ calendar: Calendar, _ bad: ChecklistsError) throws
        -> DateComponents
    {
        var noon = day.dayOnly
        noon.hour = 12
        guard let date = calendar.date(from: noon), let next = calendar.date(byAdding: .day, value: days, to: date)
        else { throw bad }
        let result = calendar.dateComponents([.year, .month, .day], from: next)
        try check(year: result.year, bad)
        return result
    }

}

extension DueDateParser {
    /// A real calendar day; without a year, the next such day from today (today included).
    func dated(
        year: Int?, month: Int, day: Int, _ today: DateComponents, _ calendar: Calendar, _ bad: ChecklistsError
    ) throws -> DateComponents {
        guard (1...12).contains(month), (1...31).contains(day) else { throw bad }
        // Whether the calendar has the day (no 30 February), wherever it is: a day that the
        // user's zone skipped is refused later, by name (`skippedDay`).
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func exists(_ y: Int) -> Bool {
            guard let date = gregorian.date(from: DateComponents(year: y, month: month, day: day, hour: 12)) else {
                return false
            }
            return gregorian.component(.day, from: date) == day
        }
        if let year {
            guard DueDate.years.contains(year), exists(year) else { throw bad }
            return DateComponents(year: year, month: month, day: day)
        }
        guard let thisYear = today.year, let m = today.month, let d = today.day else { throw bad }
        let start = (month, day) >= (m, d) ? thisYear : thisYear + 1
        guard let y = (start...start + 8).first(where: exists) else { throw bad }
        try check(year: y, bad)
        return DateComponents(year: y, month: month, day: day)
    }
}

extension DueDateParser {
    static func dropDot(_ word: String) -> String { word.hasSuffix(".") ? String(word.dropLast()) : word }

    static func required(_ value: Int?, _ bad: ChecklistsError) throws -> Int {
        guard let value else { throw bad }
        return value
    }
}

extension DateComponents {
    var dayOnly: DateComponents { DateComponents(year: year, month: month, day: day) }
}
