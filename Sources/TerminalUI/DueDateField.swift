import Foundation

/// The due-date picker: a date and time, or none, changed a field at a time with the arrows.
public struct DueDateField: Sendable, Equatable {
    /// The parts the arrows move between, left to right.
    public enum Part: Int, CaseIterable, Sendable {
        case year, month, day, hour, minute

        var component: Calendar.Component {
            switch self {
            case .year: .year
            case .month: .month
            case .day: .day
            case .hour: .hour
            case .minute: .minute
            }
        }
    }

    public private(set) var date: Date?
    public var part: Part = .day
    let calendar: Calendar

    public init(date: Date?, timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.date = date
    }

    /// Applies a picker key; returns false for keys it does not use.
    public mutating func handle(_ key: Key, now: Date = Date()) -> Bool {
        switch key {
        case .left: part = Part(rawValue: max(0, part.rawValue - 1)) ?? part
        case .right: part = Part(rawValue: min(Part.allCases.count - 1, part.rawValue + 1)) ?? part
        case .up, .character("+"), .character("k"): step(1, now: now)
        case .down, .character("-"), .character("j"): step(-1, now: now)
        case .character(" "): date = date == nil ? Self.nextHour(after: now, calendar: calendar) : nil
        case .backspace, .delete: date = nil
        default: return false
        }
        return true
    }

    /// Moves the selected part by `amount` (sets a date first when there is none).
    mutating func step(_ amount: Int, now: Date) {
        guard let current = date else {
            date = Self.nextHour(after: now, calendar: calendar)
            return
        }
        guard let moved = calendar.date(byAdding: part.component, value: amount, to: current) else { return }
        let year = calendar.component(.year, from: moved)
        if (1900...9999).contains(year) { date = moved }
    }

    /// The next whole hour after `now`: the picker's starting point.
    static func nextHour(after now: Date, calendar: Calendar) -> Date {
        let hour = calendar.dateInterval(of: .hour, for: now)?.start ?? now
        return calendar.date(byAdding: .hour, value: 1, to: hour) ?? now
    }

    /// The parts as text ("2026", "12", "01", "09", "30"), for the picker row.
    public var parts: [String] {
        guard let date else { return [] }
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return [
            String(format: "%04d", c.year ?? 0), String(format: "%02d", c.month ?? 0),
            String(format: "%02d", c.day ?? 0), String(format: "%02d", c.hour ?? 0),
            String(format: "%02d", c.minute ?? 0),
        ]
    }
}
