import ChecklistsKit
import Foundation
import Testing

/// Dates as Chinese writes them (and as `DueDate.display` shows them under zh_CN), read in
/// every locale; today is Monday 2026-11-30 10:15 UTC.
extension DueDateParserTests {
    @Test(arguments: [
        ("2026年12月24日", "2026-12-24T00:00:00Z all-day"), ("2026年12月24日 09:00", "2026-12-24T09:00:00Z"),
        ("2026年12月24日09:00", "2026-12-24T09:00:00Z"), ("2026年12月24日\u{3000}09:00", "2026-12-24T09:00:00Z"),
        ("２０２６年１２月２４日　０９：００", "2026-12-24T09:00:00Z"), ("2027年1月2日 9:30pm", "2027-01-02T21:30:00Z"),
        ("12月24日", "2026-12-24T00:00:00Z all-day"), ("12月24日 18:00", "2026-12-24T18:00:00Z"),
        ("12月24日18:00", "2026-12-24T18:00:00Z"), ("12月24号 18:00", "2026-12-24T18:00:00Z"),
        ("11月30日", "2026-11-30T00:00:00Z all-day"), ("11月29日", "2027-11-29T00:00:00Z all-day"),
        ("2月29日", "2028-02-29T00:00:00Z all-day"), ("2026年12月24日 下午6:30", "2026-12-24T18:30:00Z"),
        ("2026年12月24日上午9:00", "2026-12-24T09:00:00Z"), ("12月24日 下午12:00", "2026-12-24T12:00:00Z"),
        ("12月24日 上午12:30", "2026-12-24T00:30:00Z"), ("12月24日 凌晨12:00", "2026-12-24T00:00:00Z"),
        ("12月24日 清晨5:30", "2026-12-24T05:30:00Z"), ("12月24日 中午12:30", "2026-12-24T12:30:00Z"),
        ("12月24日 晚上7:00", "2026-12-24T19:00:00Z"),
    ])
    func readsChineseDatesInEveryLocale(_ text: String, _ expected: String) throws {
        for locale in ["en_US_POSIX", "en_US", "de_DE", "zh_CN"] {
            #expect(try iso(text, locale: locale) == expected, "\(locale)")
        }
    }

    @Test(arguments: [
        ("今天", "2026-11-30T00:00:00Z all-day"), ("今天 18:00", "2026-11-30T18:00:00Z"),
        ("明天", "2026-12-01T00:00:00Z all-day"), ("明天9:00", "2026-12-01T09:00:00Z"),
        ("明天 下午3:00", "2026-12-01T15:00:00Z"), ("后天", "2026-12-02T00:00:00Z all-day"),
        ("周五", "2026-12-04T00:00:00Z all-day"), ("星期五 18:00", "2026-12-04T18:00:00Z"),
        ("礼拜天", "2026-12-06T00:00:00Z all-day"), ("周日", "2026-12-06T00:00:00Z all-day"),
        ("周一", "2026-12-07T00:00:00Z all-day"),  // today is Monday: as `monday`, never today
        ("下周一", "2026-12-07T00:00:00Z all-day"), ("下周五 9:00", "2026-12-11T09:00:00Z"),
        ("下星期日", "2026-12-13T00:00:00Z all-day"),
    ])
    func readsChineseRelativeDays(_ text: String, _ expected: String) throws {
        #expect(try iso(text) == expected)
    }

    /// Chinese as people type a time and a day, beyond the forms shown: numerals, times by the
    /// hour with or without a period of the day, `今晚`, `大后天`, this week's days and spans
    /// from now. Today is Monday 2026-11-30 10:15 UTC.
    @Test(arguments: [
        ("下午3点", "2026-11-30T15:00:00Z"), ("明天下午3点", "2026-12-01T15:00:00Z"),
        ("明天 下午3点半", "2026-12-01T15:30:00Z"), ("明天上午9点15分", "2026-12-01T09:15:00Z"),
        ("明天9点5分", "2026-12-01T09:05:00Z"), ("明天晚上8点", "2026-12-01T20:00:00Z"),
        ("明天早上7点一刻", "2026-12-01T07:15:00Z"), ("明天傍晚6点三刻", "2026-12-01T18:45:00Z"),
        ("明天15点", "2026-12-01T15:00:00Z"), ("明天15时30分", "2026-12-01T15:30:00Z"),
        ("明天3点", "2026-12-01T03:00:00Z"),  // as 3:00: a bare hour is on the 24-hour clock
        ("明天中午12点", "2026-12-01T12:00:00Z"), ("明天8点整", "2026-12-01T08:00:00Z"),
        ("今晚8点", "2026-11-30T20:00:00Z"), ("明晚7点半", "2026-12-01T19:30:00Z"),
        ("明早8点", "2026-12-01T08:00:00Z"), ("明天下午三点", "2026-12-01T15:00:00Z"),
        ("明天下午两点半", "2026-12-01T14:30:00Z"), ("明天三点二十", "2026-12-01T03:20:00Z"),
        ("明天十点零五分", "2026-12-01T10:05:00Z"), ("十二月二十四日", "2026-12-24T00:00:00Z all-day"),
        ("十二月二十四日 晚上八点", "2026-12-24T20:00:00Z"), ("二〇二七年一月二日", "2027-01-02T00:00:00Z all-day"),
        ("二零二六年十二月三十一号下午五点", "2026-12-31T17:00:00Z"), ("12月24日下午3点", "2026-12-24T15:00:00Z"),
        ("大后天", "2026-12-03T00:00:00Z all-day"), ("大后天上午10点", "2026-12-03T10:00:00Z"),
        ("本周五", "2026-12-04T00:00:00Z all-day"), ("这周日下午4点", "2026-12-06T16:00:00Z"),
        ("这个星期三", "2026-12-02T00:00:00Z all-day"), ("本周一", "2026-11-30T00:00:00Z all-day"),
        ("下个星期二", "2026-12-08T00:00:00Z all-day"), ("周一十点", "2026-12-07T10:00:00Z"),
        ("星期日晚上9点", "2026-12-06T21:00:00Z"), ("3天后", "2026-12-03T00:00:00Z all-day"),
        ("三天后下午3点", "2026-12-03T15:00:00Z"), ("两周后", "2026-12-14T00:00:00Z all-day"),
        ("一个星期后", "2026-12-07T00:00:00Z all-day"), ("2小时后", "2026-11-30T12:15:00Z"),
        ("两个小时后", "2026-11-30T12:15:00Z"), ("三十分钟后", "2026-11-30T10:45:00Z"),
        ("１５点", "2026-11-30T15:00:00Z"), ("9点", "2026-12-01T09:00:00Z"), ("明天下午三点钟", "2026-12-01T15:00:00Z"),
    ])
    func readsChineseAsPeopleTypeIt(_ text: String, _ expected: String) throws {
        for locale in ["en_US_POSIX", "zh_CN"] {
            #expect(try iso(text, locale: locale) == expected, "\(locale)")
        }
    }

    /// `本周五` is Friday of this week even when it has passed (weeks run Monday to Sunday).
    @Test func readsThisWeeksDayEvenWhenItHasPassed() throws {
        let saturday = Self.monday.addingTimeInterval(5 * 86_400)
        #expect(try iso("本周五", now: saturday) == "2026-12-04T00:00:00Z all-day")
        #expect(try iso("这周日", now: saturday) == "2026-12-06T00:00:00Z all-day")
    }

    /// Next week runs Monday to Sunday: on a Sunday, next Monday is tomorrow.
    @Test func readsNextWeeksDayFromTheWeekMondayToSunday() throws {
        let sunday = Self.monday.addingTimeInterval(6 * 86_400)
        #expect(try iso("下周一", now: sunday) == "2026-12-07T00:00:00Z all-day")
        #expect(try iso("下周日", now: sunday) == "2026-12-13T00:00:00Z all-day")
        let saturday = Self.monday.addingTimeInterval(5 * 86_400)
        #expect(try iso("下周六", now: saturday) == "2026-12-12T00:00:00Z all-day")
    }

    @Test(arguments: [
        "2026年13月1日", "2026年12月32日", "2026年2月30日", "2月30日", "0月1日", "12月0日", "13月", "32日",
        "1899年12月31日", "10000年1月1日", "99999999999999999999年", "99999999999999999999年1月1日",
        "1月99999999999999999999日", "99999999999999999999月1日", "年", "月", "日", "年月日", "2026年12月",
        "2026年12月24", "2026年年12月24日", "26年12月24日", "12月24日 25:00", "12月24日 18:00 extra", "周八", "下周",
        "下下周一", "明天明天", "今天 上午", "上午", "下午13:00", "明天 9", "１２月３２日", "十三月一日", "昨天",
        "12月24日日", "\u{3000}", "２０２６-１３-０１",
        "12月24日 晚上12:00", "12月24日 中午11:00", "12月24日 凌晨7:00", "12月24日 上午13:00", "12月24日 下午0:30",
        "12月24日 下午 3:00", "12月24日 下午13点", "12月24日 晚上3点", "25点", "3点61分", "3点半半", "十十月一日",
        "二〇二六年十三月一日", "二〇二年十二月一日", "本周八", "这周", "0天后", "天后", "99999天后", "3天前",
    ])
    func refusesChineseDatesThatNameNoDay(_ text: String) {
        #expect(throws: ChecklistsError.badDate(text)) { try parse(text, locale: "zh_CN") }
    }

    /// Whatever `checklists` shows for a due date under LANG=zh_CN.UTF-8 (and in the other
    /// Chinese locales, whose times name the period of the day, and a few more) reads back as
    /// the same date, at every half hour of a day.
    @Test(arguments: ["zh_CN", "zh_TW", "zh_HK", "zh_Hans_SG", "ja_JP", "en_US", "en_GB", "de_DE"])
    func readsBackTheDatesItShows(_ identifier: String) throws {
        let locale = Locale(identifier: identifier)
        let zones = ["UTC", "Asia/Shanghai", "America/New_York"].compactMap(TimeZone.init(identifier:))
        let days = ["2026-12-24T00:00:00Z", "2027-01-01T00:00:00Z", "2026-07-04T00:00:00Z", "2026-09-15T00:00:00Z"]
            .compactMap { try? Date($0, strategy: .iso8601) }
        #expect(days.count == 4)
        for zone in zones {
            let display = DueDate.Display(locale: locale, timeZone: zone)
            for day in days {
                for halfHour in 0..<48 {
                    let date = day.addingTimeInterval(Double(halfHour) * 1800)
                    let shown = display.string(date)
                    let read = try DueDate.parse(shown, now: Self.monday, timeZone: zone, locale: locale)
                    #expect(read == date, "\(identifier) \(zone.identifier): \(shown)")
                }
            }
        }
    }

    @Test func listsTheChineseFormsWhenItRefuses() {
        let message = ChecklistsError.badDate("明年").description
        #expect(message.contains("2026年12月24日"))
        #expect(message.contains("下周一"))
        #expect(message.contains("Years 1900-9999."))
        #expect(!message.contains("\n"))
    }

    /// Huge numbers, lone Chinese date words and full-width signs are refused, never a crash.
    @Test func answersHostileChineseInputWithADateOrARefusal() throws {
        let hostile = [
            "", "年", "月", "日", "号", "天", "周", "星期", "礼拜", "下", "上午", "下午", "\u{3000}", "：", "１",
            "\u{FF01}", "\u{FF5E}", "\u{FFFF}", String(repeating: "9", count: 10_000) + "年",
            String(repeating: "12月24日", count: 7), String(repeating: "日", count: 99), "9999年12月31日 23:59",
            "1900年1月1日 00:00", "-1年1月1日", "+2026年12月24日", "2026年-1月24日", "2026年12月-1日",
            "2026年12月24日-01:00", "12月24日+14:00", "下午上午9:00", "上午下午", "9:00上午", "明天T9:00",
        ]
        let pieces = [
            "年", "月", "日", "号", "天", "周", "星期", "下", "上午", "下午", "今天", "明天", "2026", "12", "24", "32",
            "99999999999999999999", "9:00", "１２", "：", "　", " ", "/", "2026/12/24", "-", "+", "T", "十", "二十", "〇",
            "两", "零", "点", "时", "分", "半", "一刻", "后", "本", "这", "个", "小时", "大后天", "今晚",
        ]
        var random = SplitMix(seed: 2026)
        var texts = hostile
        for _ in 0..<3000 {
            texts.append(
                (0..<Int(random.next() % 8 + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                    .joined())
        }
        var accepted = 0
        for (i, text) in texts.enumerated() {
            let zone = [Self.utc, Self.berlin, Self.newYork][i % 3]
            do {
                _ = try parse(text, zone: zone, locale: i % 2 == 0 ? "zh_CN" : "en_US_POSIX")
                accepted += 1
            } catch let error as ChecklistsError {
                #expect(
                    error == .badDate(text) || error == .skippedTime(text)
                        || error == .skippedDay(text, zone: zone.identifier), "\(text)")
            }
        }
        #expect(accepted > 20)
    }
}
