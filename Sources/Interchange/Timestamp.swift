import Foundation

/// Times in files: UTC to the second, "2026-12-01T09:30:00Z" (RFC 3339).
enum Timestamp {
    /// The backup's form of `date`: UTC, or for an instant within 14 hours past the years
    /// 1900-9999 in UTC (a local time at their edge), the same instant at the offset -14:00 or
    /// +14:00 that keeps it in them, so that every time a store holds reads back
    /// ("10000-01-01T04:00:00Z" was refused by every import).
    static func string(_ date: Date) -> String {
        let t = date.timeIntervalSince1970.rounded(.down)
        let limit: Double = 14 * 3600
        if t.isFinite, t >= end, t < end + limit {
            var local = bytes(Date(timeIntervalSince1970: t - limit), separators: true)
            local.removeLast()
            return String(decoding: local + Array("-14:00".utf8), as: UTF8.self)
        }
        if t.isFinite, t < start, t >= start - limit {
            var local = bytes(Date(timeIntervalSince1970: t + limit), separators: true)
            local.removeLast()
            return String(decoding: local + Array("+14:00".utf8), as: UTF8.self)
        }
        return String(decoding: bytes(date, separators: true), as: UTF8.self)
    }

    /// 1900-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let start = Double(days(fromCivil: 1900, 1, 1) * 86_400)
    private static let end = Double(days(fromCivil: 10_000, 1, 1) * 86_400)

    /// The digits of `date` in UTC, "2026-12-01T09:30:00Z" or (without separators, as iCalendar
    /// writes it) "20261201T093000Z". Written digit by digit: `String(format:)` costs seconds
    /// at 300,000 times.
    static func bytes(_ date: Date, separators: Bool) -> [UInt8] {
        let t = date.timeIntervalSince1970.rounded(.down)
        let seconds = t.isFinite ? Int64(max(-1e15, min(1e15, t))) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (y, m, d) = civil(fromDays: days)
        var out: [UInt8] = []
        out.reserveCapacity(20)
        func digits(_ value: Int64, _ width: Int) {
            if value < 0 || value >= 10_000 && width == 4 {
                // Years outside 0…9999 (never stored by Checklists): as String(format:) wrote them.
                out += Array(String(format: "%04lld", value).utf8)
                return
            }
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            var v = value
            while divisor > 0 {
                out.append(UInt8(48 + v / divisor))
                v %= divisor
                divisor /= 10
            }
        }
        digits(y, 4)
        if separators { out.append(45) }
        digits(m, 2)
        if separators { out.append(45) }
        digits(d, 2)
        out.append(84)
        digits(rest / 3600, 2)
        if separators { out.append(58) }
        digits(rest / 60 % 60, 2)
        if separators { out.append(58) }
        digits(rest % 60, 2)
        out.append(90)
        return out
    }

    /// Reads "YYYY-MM-DDTHH:MM:SSZ" (an offset "+HH:MM" instead of Z is accepted too).
    static func date(_ text: String, _ what: @autoclosure () -> String) throws(InterchangeError) -> Date {
        guard let date = parse(text) else {
            throw .badBackup("\(what()) \"\(text)\" is not a time like 2026-12-01T09:30:00Z")
        }
        return date
    }

    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Reads the time from UTF-8 bytes (no copy: 300,000 of them in a 100,000-item backup).
    static func parse(bytes chars: UnsafeBufferPointer<UInt8>) -> Date? {
        guard chars.count == 20 || chars.count == 25 else { return nil }
        func number(_ from: Int, _ length: Int) -> Int64? {
            var value: Int64 = 0
            for c in chars[from..<from + length] {
                guard (48...57).contains(c) else { return nil }
                value = value * 10 + Int64(c - 48)
            }
            return value
        }
        guard chars[4] == 45, chars[7] == 45, chars[10] == 84 || chars[10] == 116, chars[13] == 58, chars[16] == 58,
            let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2),
            let mi = number(14, 2), let s = number(17, 2), (1900...9999).contains(y), (1...12).contains(mo),
            (1...daysIn(month: mo, year: y)).contains(d), h < 24, mi < 60, s < 60
        else { return nil }
        var offset: Int64 = 0
        if chars.count == 20 {
            guard chars[19] == 90 || chars[19] == 122 else { return nil }
        } else {
            guard chars[19] == 43 || chars[19] == 45, chars[22] == 58, let oh = number(20, 2), let om = number(23, 2),
                oh <= 14, om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (chars[19] == 45 ? -1 : 1)
        }
        let seconds = days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
