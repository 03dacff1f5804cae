import Foundation

/// Parsing and showing due dates. Due dates are kept to the whole minute.
public enum DueDate {
    /// The years a due date may fall in.
    public static let years = 1900...9999

    /// `date` with seconds and fractions dropped.
    public static func roundedDown(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// Parses `2026-12-01 09:30`, `2026-12-01T09:30[:ss][Z|±hh:mm]`, `today 18:00`, `tomorrow 9:00`.
    /// - Parameters:
    ///   - text: What the user typed.
    ///   - now: The current time, for "today" and "tomorrow".
    ///   - timeZone: The zone of times without an explicit offset.
    /// - Returns: The date rounded down to the minute.
    /// - Throws: `ChecklistsError.badDate` when the text is not one of those forms.
    public static func parse(_ text: String, now: Date = Date(), timeZone: TimeZone = .current) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard words.count == 2 else { throw ChecklistsError.badDate(text) }

        var day: DateComponents
        switch words[0].lowercased() {
        case "today", "tomorrow":
            let base = words[0].lowercased() == "today" ? now : now.addingTimeInterval(86_400)
            day = calendar.dateComponents([.year, .month, .day], from: base)
        default:
            let parts = words[0].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3,
                parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { ("0"..."9").contains($0) } }),
                parts[0].count == 4, let y = Int(parts[0]), Self.years.contains(y), let m = Int(parts[1]),
                let d = Int(parts[2])
            else { throw ChecklistsError.badDate(text) }
            day = DateComponents(year: y, month: m, day: d)
        }

        var clock = words[1]
        var zone = timeZone
        if clock.hasSuffix("Z") {
            clock.removeLast()
            zone = TimeZone(identifier: "UTC")!
        } else if let sign = clock.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = clock[clock.index(after: sign)...].split(separator: ":")
            guard offset.count <= 2, let h = Int(offset.first ?? ""), (0...14).contains(h),
                let mins = Int(offset.count > 1 ? offset[1] : "0"), (0..<60).contains(mins),
                let z = TimeZone(secondsFromGMT: (clock[sign] == "-" ? -1 : 1) * (h * 3600 + mins * 60))
            else { throw ChecklistsError.badDate(text) }
            zone = z
            clock = String(clock[..<sign])
        }
        let hm = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(hm.count), let hour = Int(hm[0]), let minute = Int(hm[1]),
            (0..<24).contains(hour), (0..<60).contains(minute), hm[1].count == 2
        else { throw ChecklistsError.badDate(text) }
        if hm.count == 3 {
            guard let s = Double(hm[2]), (0..<61).contains(s) else { throw ChecklistsError.badDate(text) }
        }

        day.hour = hour
        day.minute = minute
        day.timeZone = zone
        guard let month = day.month, (1...12).contains(month), let d = day.day, (1...31).contains(d),
            let date = calendar.date(from: day),
            calendar.dateComponents(in: zone, from: date).day == d
        else { throw ChecklistsError.badDate(text) }
        return roundedDown(date)
    }

    /// The date as the locale's medium date and short time ("1 Dec 2026, 09:30").
    public static func display(_ date: Date, locale: Locale, timeZone: TimeZone = .current) -> String {
        Display(locale: locale, timeZone: timeZone).string(date)
    }

    /// A reusable formatter for many dates (making one costs far more than using it).
    public struct Display: @unchecked Sendable {
        // DateFormatter is thread-safe for formatting once configured.
        private let formatter = DateFormatter()

        public init(locale: Locale, timeZone: TimeZone = .current) {
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateStyle = .medium
            formatter.timeStyle = .short
        }

        /// The locale's medium date and short time.
        public func string(_ date: Date) -> String { formatter.string(from: date) }
    }

    /// The date in ISO 8601 with the local offset, for `--json` ("2026-12-01T09:30:00+01:00").
    public static func iso8601(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
