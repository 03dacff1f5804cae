import Foundation

/// Days as Chinese writes them, read in every locale as they are unambiguous: `2026年12月24日`
/// (how `DueDate.display` shows a day under zh_CN), `12月24日` or `12月24号`, `今天`, `明天`,
/// `后天`, `周五` / `星期五` / `礼拜五` (the coming one, as `friday`), and `下周五` (Friday of
/// next week, Monday to Sunday, as Chinese means it: said on a Monday it is 11 days ahead, not
/// 4 as `next friday`). A time may follow with or without a space, and `上午`, `下午` and the
/// other periods of the day that zh_TW and zh_HK show before a time mean am or pm.
extension DueDateParser {
    /// `text` with full-width ASCII (`２０２６`, `１８：００`, `，`) and the ideographic space as
    /// plain ASCII, as Chinese input methods often type them.
    static func halfWidth(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3000: scalars.append(" ")
            case 0xFF01...0xFF5E: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// A word split where a Chinese day ends and a time begins (`12月24日18:00` → `12月24日`,
    /// `18:00`), and a period of the day before a time as a following `am`/`pm` word
    /// (`下午6:30` → `6:30`, `pm`).
    static func chineseParts(_ word: Substring) -> [Substring] {
        guard word.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) else { return [word] }
        if let end = chineseDayEnd(word), end < word.endIndex {
            return [word[..<end]] + chineseParts(word[end...])
        }
        for period in dayPeriods where word.hasPrefix(period.name) {
            let time = word.dropFirst(period.name.count)
            guard let hour = number(time.prefix { $0 != ":" }, digits: 1...2), period.hours.contains(hour) else {
                return [word]
            }
            return [time, Substring(period.meridiem)]
        }
        return [word]
    }

    /// The periods of the day ICU writes before a 12-hour time in Chinese (zh_TW `凌晨12:00`,
    /// `中午12:30`, `晚上7:00`; zh_HK and zh_SG `上午`/`下午`), with the hours each may name.
    /// Other hours are refused, not guessed: `晚上12:00` is noon by the letter, midnight to most.
    static let dayPeriods: [(name: String, hours: Set<Int>, meridiem: String)] = [
        ("凌晨", [12, 1, 2, 3, 4, 5], "am"), ("清晨", [5, 6, 7, 8], "am"), ("早上", Set(5...11), "am"),
        ("早晨", Set(5...11), "am"), ("上午", Set(1...12), "am"), ("中午", [12, 1], "pm"),
        ("下午", Set(1...12), "pm"), ("傍晚", [5, 6, 7], "pm"), ("晚上", Set(6...11), "pm"),
    ]

    /// Where the Chinese day at the front of `word` ends: after its `日`, `号` or `天`, or after the
    /// numeral of a weekday (`周一`); nil when there is none.
    private static func chineseDayEnd(_ word: Substring) -> Substring.Index? {
        var previous: Character?
        for index in word.indices {
            let character = word[index]
            if "日号天".contains(character)
                || (previous.map { "周期拜".contains($0) } == true && "一二三四五六".contains(character))
            {
                return word.index(after: index)
            }
            previous = character
        }
        return nil
    }

    /// The day a Chinese word names, nil when it is none of the Chinese forms.
    /// - Throws: `bad` for a Chinese date that names no real day (`13月1日`, `2月30日`,
    ///   `99999年1月1日`).
    func readChineseDay(
        _ word: String, today: DateComponents, calendar: Calendar, _ bad: ChecklistsError
    ) throws -> DateComponents? {
        if let ahead = Self.chineseRelativeDays[word] {
            return try shifted(today, by: ahead, calendar, bad)
        }
        if let (weekday, week) = Self.chineseWeekday(word) {
            guard let week else { return try coming(weekday, today, calendar, bad) }
            return try inWeek(week, weekday, today, calendar, bad)
        }
        guard let last = word.last, "日号".contains(last), word.contains("月") else { return nil }
        let yearAndRest = word.dropLast().split(separator: "年", omittingEmptySubsequences: false)
        let monthAndDay = yearAndRest[yearAndRest.count - 1].split(separator: "月", omittingEmptySubsequences: false)
        guard yearAndRest.count <= 2, monthAndDay.count == 2, let month = Self.number(monthAndDay[0], digits: 1...2),
            let day = Self.number(monthAndDay[1], digits: 1...2)
        else { throw bad }
        let year = yearAndRest.count == 2 ? try Self.required(Self.number(yearAndRest[0], digits: 4...4), bad) : nil
        return try dated(year: year, month: month, day: day, today, calendar, bad)
    }

    static let chineseRelativeDays = ["今天": 0, "明天": 1, "后天": 2, "大后天": 3]

    /// Calendar weekday numbers (Sunday is 1) of the numerals after `周`/`星期`/`礼拜`.
    static let chineseWeekdays: [Character: Int] = [
        "一": 2, "二": 3, "三": 4, "四": 5, "五": 6, "六": 7, "日": 1, "天": 1,
    ]

    /// `周五`, `星期五`, `礼拜五` → Friday, the coming one (week nil); `本周五`, `这周五`,
    /// `这个星期五` → Friday of this week (0), even when it has passed; `下周五`, `下个星期五` →
    /// Friday of next week (1).
    static func chineseWeekday(_ word: String) -> (weekday: Int, week: Int?)? {
        var rest = Substring(word)
        var week: Int?
        for (prefix, weeks) in [("下个", 1), ("下", 1), ("这个", 0), ("这", 0), ("本", 0)] where rest.hasPrefix(prefix) {
            rest.removeFirst(prefix.count)
            week = weeks
            break
        }
        guard let prefix = ["周", "星期", "礼拜"].first(where: { rest.hasPrefix($0) }) else { return nil }
        rest.removeFirst(prefix.count)
        guard rest.count == 1, let numeral = rest.first, let weekday = chineseWeekdays[numeral] else { return nil }
        return (weekday, week)
    }

    /// `weekday` in this week (`weeks` 0: 6 days back to 6 ahead) or the next (1: 1 to 13 days
    /// ahead), weeks running Monday to Sunday. Counted on the calendar, as `coming` is.
    func inWeek(
        _ weeks: Int, _ weekday: Int, _ today: DateComponents, _ calendar: Calendar, _ bad: ChecklistsError
    ) throws -> DateComponents {
        func fromMonday(_ weekday: Int) -> Int { (weekday + 5) % 7 }
        let ahead = 7 * weeks - fromMonday(today.weekday ?? 2) + fromMonday(weekday)
        var days = Calendar(identifier: .gregorian)
        days.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return try shifted(today, by: ahead, days, bad)
    }
}
