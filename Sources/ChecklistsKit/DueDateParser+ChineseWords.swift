import Foundation

/// Chinese as people type a time and a day beyond the forms `checklists` shows, rewritten into
/// those forms before the words are read: numerals (`十二月二十四日` → `12月24日`, `二〇二六年` →
/// `2026年`, `两点` → `2点`), times by the hour (`3点` → `3:00`, `3点半` → `3:30`, `3点15分`,
/// `3点一刻`, `15时`), with the period of the day before them as before (`下午3点` → `下午3:00`),
/// `今晚`/`明早` and the like (`今天晚上`, `明天上午`), and `3天后`/`两周后`/`2小时后`/`30分钟后`
/// (`in 3 days`…). (`大后天` and `本周五` are days of `readChineseDay`.) Anything else stays as typed, to be read or refused by the rest of the parser.
extension DueDateParser {
    /// `text` with the Chinese forms above rewritten; unchanged when it has no Chinese.
    static func chineseNormalized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) else { return text }
        var result = arabicNumerals(text)
        for (short, long) in shortDayWords { result = result.replacingAll(short, with: long) }
        result = hourTimes(result)
        return relativeSpans(result)
    }

    /// Words that join a day and a period of the day, as the parser's two parts.
    static let shortDayWords = [
        ("今晚", "今天晚上"), ("明晚", "明天晚上"), ("今早", "今天上午"), ("明早", "明天上午"),
    ]

    static let numeralDigits: [Character: Int] = [
        "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]

    /// The units after which a run of Chinese numerals is a number (`年` digit by digit).
    static let numeralUnits: Set<Character> = ["年", "月", "日", "号", "点", "时", "分", "天", "周", "个", "小"]

    /// Chinese numerals before a unit as Arabic ones. The numeral of a weekday (`周五`,
    /// `星期日`) stays, and so does a run that is no number (`十十`).
    static func arabicNumerals(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let isNumeral = numeralDigits[character] != nil || character == "十"
            if !isNumeral || (index > 0 && "周期拜".contains(characters[index - 1])) {
                out.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count, numeralDigits[characters[end]] != nil || characters[end] == "十" { end += 1 }
            let run = characters[index..<end]
            let unit = end < characters.count ? characters[end] : nil
            // After `点`, a bare numeral is the minutes (`三点二十`, `三点零五`).
            let afterHour = index > 0 && "点时".contains(characters[index - 1]) && unit != "刻"  // `一刻` stays
            let value: Int? =
                unit == "年"
                ? yearDigits(run) : (unit.map(numeralUnits.contains) == true || afterHour) ? smallNumber(run) : nil
            if let value {
                out += afterHour && run.first.map({ "〇零".contains($0) }) == true ? "0\(value)" : String(value)
            } else {
                out += String(run)
            }
            index = end
        }
        return out
    }

    /// `二〇二六` → 2026: one numeral per digit, four of them.
    private static func yearDigits(_ run: ArraySlice<Character>) -> Int? {
        guard run.count == 4 else { return nil }
        var value = 0
        for character in run {
            guard character != "两", let digit = numeralDigits[character] else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `五` 5, `十` 10, `十二` 12, `二十` 20, `二十四` 24, `零五` 5: up to 99.
    private static func smallNumber(_ run: ArraySlice<Character>) -> Int? {
        var digits = run
        if digits.count == 2, digits.first.map({ "〇零".contains($0) }) == true { digits.removeFirst() }
        guard let ten = digits.firstIndex(of: "十") else {
            guard digits.count == 1, let only = digits.first else { return nil }
            return numeralDigits[only]
        }
        let tens = digits[..<ten]
        let ones = digits[digits.index(after: ten)...]
        guard tens.count <= 1, ones.count <= 1 else { return nil }
        let t = tens.first.map { numeralDigits[$0] } ?? 1
        let o = ones.first.map { numeralDigits[$0] } ?? 0
        guard let t, let o, t > 0, !ones.contains("〇"), !ones.contains("零") else { return nil }
        return t * 10 + o
    }

    /// `3点` → `3:00`, `3点半` → `3:30`, `3点15分` and `3点15` → `3:15`, `3点一刻` → `3:15`,
    /// `3点三刻` → `3:45`, `15时` → `15:00`, `3点整` and `3点钟` → `3:00`.
    static func hourTimes(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber,
                index == 0 || !(characters[index - 1].isASCII && characters[index - 1].isNumber)
            else {
                out.append(characters[index])
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            guard end - index <= 2, end < characters.count, "点时".contains(characters[end]) else {
                out += String(characters[index..<end])
                index = end
                continue
            }
            let hour = String(characters[index..<end])
            var next = end + 1
            if characters[end] == "点", next < characters.count, characters[next] == "钟" { next += 1 }  // `3点钟`
            var minute = "00"
            let rest = String(characters[next...])
            if rest.hasPrefix("半") {
                minute = "30"
                next += 1
            } else if rest.hasPrefix("一刻") {
                minute = "15"
                next += 2
            } else if rest.hasPrefix("三刻") {
                minute = "45"
                next += 2
            } else if rest.hasPrefix("整") {
                next += 1
            } else {
                var digitsEnd = next
                while digitsEnd < characters.count, characters[digitsEnd].isASCII, characters[digitsEnd].isNumber {
                    digitsEnd += 1
                }
                if digitsEnd > next, digitsEnd - next <= 2 {
                    let digits = String(characters[next..<digitsEnd])
                    minute = digits.count == 1 ? "0" + digits : digits
                    next = digitsEnd
                    if next < characters.count, characters[next] == "分" { next += 1 }
                }
            }
            out += hour + ":" + minute
            index = next
        }
        return out
    }

    /// `3天后` → `in 3 days`, `两周后` → `in 2 weeks`, `2小时后`/`2个小时后` → `in 2 hours`,
    /// `30分钟后` → `in 30 minutes`, at the start, followed by a space so a time may come next.
    static func relativeSpans(_ text: String) -> String {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 4 else { return text }
        let rest = text.dropFirst(digits.count)
        let units = [
            ("天后", "days"), ("日后", "days"), ("周后", "weeks"), ("个星期后", "weeks"), ("星期后", "weeks"),
            ("个小时后", "hours"), ("小时后", "hours"), ("分钟后", "minutes"),
        ]
        guard let (word, unit) = units.first(where: { rest.hasPrefix($0.0) }) else { return text }
        return "in \(digits) \(unit) " + rest.dropFirst(word.count)
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return components(separatedBy: target).joined(separator: replacement)
    }
}
