import Foundation

/// A VTIMEZONE as a file defines it: its STANDARD and DAYLIGHT observances, each an onset
/// (DTSTART, repeated by a yearly RRULE) and the UTC offset from then on. Used when a TZID is
/// neither an Olson name nor a Windows name ICU knows (Outlook's "Customized Time Zone", a
/// display name such as "(UTC+01:00) Amsterdam, Berlin"): the file's own rules give the offset.
struct ICalendarTimeZone: Sendable, Equatable {
    /// One STANDARD or DAYLIGHT block.
    struct Observance: Sendable, Equatable {
        /// DTSTART as local seconds (the wall clock read as if it were UTC).
        var start: Int64?
        var offsetFrom: Int?
        var offsetTo: Int?
        /// RRULE's BYMONTH, BYDAY (ordinal, 0 for any; weekday 0 = Sunday), BYMONTHDAY and UNTIL.
        var month: Int?
        var weekday: (ordinal: Int, day: Int)?
        var monthDays: [Int] = []
        var until: Int64?
        var yearly = false

        static func == (a: Observance, b: Observance) -> Bool {
            a.start == b.start && a.offsetFrom == b.offsetFrom && a.offsetTo == b.offsetTo && a.month == b.month
                && a.weekday?.ordinal == b.weekday?.ordinal && a.weekday?.day == b.weekday?.day
                && a.monthDays == b.monthDays && a.until == b.until && a.yearly == b.yearly
        }

        /// Reads one property of the block.
        mutating func add(_ property: ContentLine) {
            switch property.name {
            case "DTSTART": start = ICalendarTimeZone.localSeconds(property.value)
            case "TZOFFSETFROM": offsetFrom = ICalendarTimeZone.offset(property.value)
            case "TZOFFSETTO": offsetTo = ICalendarTimeZone.offset(property.value)
            case "RRULE": rule(property.value)
            default: break
            }
        }

        private mutating func rule(_ value: String) {
            for part in value.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                switch pair[0].uppercased() {
                case "FREQ": yearly = pair[1].uppercased() == "YEARLY"
                case "BYMONTH": month = Int(pair[1]).flatMap { (1...12).contains($0) ? $0 : nil }
                case "BYMONTHDAY": monthDays = pair[1].split(separator: ",").compactMap { Int($0) }
                case "UNTIL": until = ICalendarTimeZone.localSeconds(pair[1])
                case "BYDAY":
                    // "-1SU", "2SU", "SU"; only the first of a list is used (zones name one day).
                    let first = pair[1].split(separator: ",").first.map(String.init) ?? ""
                    let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
                    guard first.count >= 2, let day = names.firstIndex(of: String(first.suffix(2)).uppercased())
                    else { continue }
                    let ordinal = first.dropLast(2)
                    guard let n = ordinal.isEmpty ? 0 : Int(ordinal), (-5...5).contains(n) else { continue }
                    weekday = (n, day)
                default: break
                }
            }
        }

        /// The latest onset at or before `local` (local seconds), if any.
        func lastOnset(atOrBefore local: Int64) -> Int64? {
            guard let start, offsetTo != nil else { return nil }
            guard yearly, let month else { return start <= local ? start : nil }
            let timeOfDay = ((start % 86_400) + 86_400) % 86_400
            let (year, _, _) = Timestamp.civil(fromDays: Self.floorDiv(local, 86_400))
            let startYear = Timestamp.civil(fromDays: Self.floorDiv(start, 86_400)).0
            for y in stride(from: year, through: max(startYear, year - 2), by: -1) {
                guard let day = self.day(in: y, month: Int64(month)) else { continue }
                let onset = Timestamp.days(fromCivil: y, Int64(month), day) * 86_400 + timeOfDay
                if onset <= local, onset >= start, until.map({ onset <= $0 + 86_400 }) ?? true { return onset }
            }
            return start <= local ? start : nil
        }

        /// The day of `month` in `year` the rule names.
        private func day(in year: Int64, month: Int64) -> Int64? {
            let length = Timestamp.daysIn(month: month, year: year)
            let first = Timestamp.days(fromCivil: year, month, 1)
            func weekdayOf(_ day: Int64) -> Int { Int(((first + day - 1 + 4) % 7 + 7) % 7) }
            if let (ordinal, wanted) = weekday {
                let candidates = (1...length).filter { weekdayOf($0) == wanted }
                if !monthDays.isEmpty {
                    return candidates.first { monthDays.contains(Int($0)) }
                }
                if ordinal > 0 { return candidates.count >= ordinal ? candidates[ordinal - 1] : nil }
                if ordinal < 0 { return candidates.count >= -ordinal ? candidates[candidates.count + ordinal] : nil }
                return candidates.first
            }
            return monthDays.first.map { Int64($0) }.flatMap { (1...length).contains($0) ? $0 : nil }
        }

        static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : (a - b + 1) / b }
    }

    var observances: [Observance] = []

    /// The UTC offset (seconds east) in force at the wall-clock time `local`, or nil when the
    /// definition has no usable observance.
    func offset(atLocal local: Int64) -> Int? {
        let usable = observances.filter { $0.start != nil && $0.offsetTo != nil }
        guard !usable.isEmpty else { return nil }
        var best: (onset: Int64, offset: Int)?
        for observance in usable {
            guard let onset = observance.lastOnset(atOrBefore: local), let to = observance.offsetTo else { continue }
            if best.map({ onset > $0.onset }) ?? true { best = (onset, to) }
        }
        if let best { return best.offset }
        // Before every onset: the offset the earliest one changes from.
        let earliest = usable.min { ($0.start ?? 0) < ($1.start ?? 0) }
        return earliest?.offsetFrom ?? earliest?.offsetTo
    }

    /// "+0100", "-0800", "+053000" as seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let chars = Array(text.utf8)
        guard chars.count == 5 || chars.count == 7, chars[0] == 43 || chars[0] == 45,
            chars.dropFirst().allSatisfy({ (48...57).contains($0) })
        else { return nil }
        let digits = chars.dropFirst().map { Int($0 - 48) }
        let seconds =
            (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60
            + (digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
        guard seconds < 86_400 else { return nil }
        return chars[0] == 45 ? -seconds : seconds
    }

    /// "19701025T030000" (or a date, or with a trailing Z) as local seconds.
    static func localSeconds(_ text: String) -> Int64? {
        let chars = Array(text.utf8)
        func number(_ from: Int, _ length: Int) -> Int64? {
            guard chars.count >= from + length else { return nil }
            var n: Int64 = 0
            for c in chars[from..<from + length] {
                guard (48...57).contains(c) else { return nil }
                n = n * 10 + Int64(c - 48)
            }
            return n
        }
        guard let y = number(0, 4), let m = number(4, 2), let d = number(6, 2), (1...12).contains(m),
            (1...Timestamp.daysIn(month: m, year: y)).contains(d)
        else { return nil }
        var seconds = Timestamp.days(fromCivil: y, m, d) * 86_400
        if chars.count >= 15, chars[8] == 84, let h = number(9, 2), let mi = number(11, 2), let s = number(13, 2),
            h < 24, mi < 60, s < 61
        {
            seconds += h * 3600 + mi * 60 + s
        }
        return seconds
    }
}
