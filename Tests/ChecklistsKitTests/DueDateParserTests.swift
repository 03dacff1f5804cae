import ChecklistsKit
import Foundation
import Testing

@Suite struct DueDateParserTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// Monday 2026-11-30 10:15:42 UTC.
    static let monday = Date(timeIntervalSince1970: 1_796_033_742)

    func parse(
        _ text: String, now: Date = monday, zone: TimeZone = utc, locale: String = "en_US_POSIX", allDayHour: Int = 9
    ) throws -> DueDateParser.Result {
        let order = DueDateOrder(locale: Locale(identifier: locale))
        return try DueDateParser(now: now, timeZone: zone, order: order, allDayReminderHour: allDayHour).parse(text)
    }

    /// The due date in UTC ISO 8601, with " all-day" for all-day results.
    func iso(_ text: String, now: Date = monday, zone: TimeZone = utc, locale: String = "en_US_POSIX") throws -> String
    {
        let result = try parse(text, now: now, zone: zone, locale: locale)
        return DueDate.iso8601(result.date, timeZone: Self.utc) + (result.isAllDay ? " all-day" : "")
    }

    @Test(arguments: [
        ("2026-12-01 09:30", "2026-12-01T09:30:00Z"), ("2026-12-01T09:30:59", "2026-12-01T09:30:00Z"),
        ("2026-12-01T09:30+01:00", "2026-12-01T08:30:00Z"), ("2026-12-01T09:30Z", "2026-12-01T09:30:00Z"),
        ("today 18:00", "2026-11-30T18:00:00Z"), ("tomorrow 9:00", "2026-12-01T09:00:00Z"),
        ("  Tomorrow   9:00 ", "2026-12-01T09:00:00Z"),
    ])
    func keepsTheFormsAcceptedBefore(_ text: String, _ expected: String) throws {
        #expect(try iso(text) == expected)
    }

    @Test(arguments: [
        ("tomorrow 9am", "2026-12-01T09:00:00Z"), ("tomorrow at 9 PM", "2026-12-01T21:00:00Z"),
        ("tomorrow 12am", "2026-12-01T00:00:00Z"), ("tomorrow 12pm", "2026-12-01T12:00:00Z"),
        ("tomorrow noon", "2026-12-01T12:00:00Z"), ("today 11:45pm", "2026-11-30T23:45:00Z"),
    ])
    func readsTwelveHourTimes(_ text: String, _ expected: String) throws {
        #expect(try iso(text) == expected)
    }

    @Test func readsATimeAloneAsItsNextOccurrence() throws {
        #expect(try iso("9:30pm") == "2026-11-30T21:30:00Z")
        #expect(try iso("9:30am") == "2026-12-01T09:30:00Z")  // already past today
        #expect(try iso("10:15") == "2026-11-30T10:15:00Z")  // the current minute is still today
        #expect(try iso("10:14") == "2026-12-01T10:14:00Z")
    }

    @Test func readsAWeekdayAsTheComingOneNeverToday() throws {
        #expect(try iso("friday 18:00") == "2026-12-04T18:00:00Z")
        #expect(try iso("FRI") == "2026-12-04T00:00:00Z all-day")
        #expect(try iso("monday 23:00") == "2026-12-07T23:00:00Z")  // today is Monday
        #expect(try iso("next monday") == "2026-12-07T00:00:00Z all-day")
        #expect(try iso("next friday 9am") == "2026-12-04T09:00:00Z")
        #expect(try iso("sunday") == "2026-12-06T00:00:00Z all-day")
    }

    @Test func readsRelativeTimes() throws {
        #expect(try iso("in 2 hours") == "2026-11-30T12:15:00Z")
        #expect(try iso("in 1 hour") == "2026-11-30T11:15:00Z")
        #expect(try iso("in 30 minutes") == "2026-11-30T10:45:00Z")
        #expect(try iso("in 3 days") == "2026-12-03T00:00:00Z all-day")
        #expect(try iso("in 1 week") == "2026-12-07T00:00:00Z all-day")
        #expect(try iso("in 3 days 18:00") == "2026-12-03T18:00:00Z")
    }

    @Test func readsMonthNames() throws {
        #expect(try iso("dec 24 9:30") == "2026-12-24T09:30:00Z")
        #expect(try iso("24 dec") == "2026-12-24T00:00:00Z all-day")
        #expect(try iso("December 24 2026") == "2026-12-24T00:00:00Z all-day")
        #expect(try iso("Dec. 24, 2027 9:30pm") == "2027-12-24T21:30:00Z")
        #expect(try iso("24 december 2026 at 18:00") == "2026-12-24T18:00:00Z")
        #expect(try iso("nov 30") == "2026-11-30T00:00:00Z all-day")  // today
        #expect(try iso("nov 29") == "2027-11-29T00:00:00Z all-day")  // passed this year
        #expect(try iso("feb 29") == "2028-02-29T00:00:00Z all-day")  // the next leap day
    }

    @Test func makesADayWithoutATimeAllDayRemindedAtTheConfiguredHour() throws {
        let result = try parse("2026-12-01")
        #expect(result.isAllDay)
        #expect(DueDate.iso8601(result.date, timeZone: Self.utc) == "2026-12-01T00:00:00Z")
        #expect(DueDate.iso8601(result.reminder, timeZone: Self.utc) == "2026-12-01T09:00:00Z")
        let early = try parse("tomorrow", allDayHour: 7)
        #expect(DueDate.iso8601(early.reminder, timeZone: Self.utc) == "2026-12-01T07:00:00Z")
        let timed = try parse("tomorrow 18:00")
        #expect(!timed.isAllDay && timed.reminder == timed.date)
        #expect(try parse("today", allDayHour: 99).reminder == parse("today", allDayHour: 23).reminder)
    }

    @Test(arguments: [
        ("de_DE", "24.12.2026"), ("de_DE", "24.12."), ("de_DE", "24.12"), ("en_GB", "24/12/2026"),
        ("fr_FR", "24/12/2026"), ("en_US", "12/24/2026"), ("en_US", "12/24"), ("zh_CN", "2026/12/24"),
    ])
    func readsNumericDatesInTheLocalesOrder(_ locale: String, _ text: String) throws {
        #expect(try iso(text, locale: locale) == "2026-12-24T00:00:00Z all-day")
        #expect(try iso(text + " 9:30", locale: locale) == "2026-12-24T09:30:00Z")
    }

    @Test(arguments: [
        ("en_US_POSIX", "24.12.2026"), ("en_US_POSIX", "12/24/2026"), ("de_DE", "1/2/2026"), ("de_DE", "12/24/2026"),
        ("en_US", "31/12"), ("en_US", "31/12/2026"), ("en_US", "12/24/26"), ("en_US", "24.12.2026"),
        ("en_GB", "12/24/2026"), ("sv_SE", "24/12/2026"), ("zh_CN", "12/24/2026"), ("de_DE", "24.12.26"),
    ])
    func refusesNumericDatesOutsideTheLocalesOrder(_ locale: String, _ text: String) {
        #expect(throws: ChecklistsError.badDate(text)) { try parse(text, locale: locale) }
    }

    @Test(arguments: [
        "", " ", "soon", "feb 30", "dec 32", "25:00", "today 25:00", "today 9:60", "today 9:5", "in 0 hours",
        "in -1 hours", "in 2 fortnights", "in hours", "in 2 hours 9:00", "13pm", "0am", "9", "tomorrow 9",
        "next", "next week", "dec", "24", "friday friday", "2026-12-01 9:30 extra", "in 99999 days",
        "yesterday 10:00", "2026-13-01", "2026-02-30 10:00", "1899-12-31", "10000-01-01", "today 18:00+15:00",
        "today 18:00+1:0", "tomorrowT9:00", "at 9:00", "midnight", "2026-12-01T", "9:30 dec 24",
    ])
    func refusesWhatItCannotReadWithoutGuessing(_ text: String) {
        #expect(throws: ChecklistsError.badDate(text)) { try parse(text) }
    }

    @Test func listsTheAcceptedFormsWhenItRefuses() {
        let message = ChecklistsError.badDate("31/12").description
        for form in ["YYYY-MM-DD", "tomorrow", "next monday", "dec 24", "in 3 days", "9am", "DD.MM.YYYY", "in 2 hours"]
        {
            #expect(message.contains(form), "\(form)")
        }
    }

    @Test func keepsTheUsersWallClockAcrossDaylightSavingTime() throws {
        // Saturday 2026-03-28 12:00 UTC; Berlin springs forward on Sunday at 02:00.
        let saturday = Date(timeIntervalSince1970: 1_774_699_200)
        #expect(try iso("tomorrow 9:00", now: saturday, zone: Self.berlin) == "2026-03-29T07:00:00Z")
        #expect(try iso("today 9:00", now: saturday, zone: Self.berlin) == "2026-03-28T08:00:00Z")
        #expect(try iso("in 1 day", now: saturday, zone: Self.berlin) == "2026-03-28T23:00:00Z all-day")
        let allDay = try parse("sunday", now: saturday, zone: Self.berlin)
        #expect(DueDate.iso8601(allDay.reminder, timeZone: Self.utc) == "2026-03-29T07:00:00Z")
        #expect(try iso("2026-10-25 01:59", zone: Self.berlin) == "2026-10-24T23:59:00Z")
        #expect(try iso("2026-10-25 03:00", zone: Self.berlin) == "2026-10-25T02:00:00Z")
    }

    @Test func refusesATimeTheClocksSkip() {
        #expect(throws: ChecklistsError.skippedTime("2026-03-29 02:30")) {
            try parse("2026-03-29 02:30", zone: Self.berlin)
        }
        #expect(throws: ChecklistsError.skippedTime("2026-03-08 2:00am")) {
            try parse("2026-03-08 2:00am", zone: Self.newYork)
        }
        #expect(ChecklistsError.skippedTime("x").description.contains("summer time"))
    }

    /// Samoa skipped 2011-12-30 (it moved west of the date line): that day, with or without a time,
    /// is refused by name, never read as the 31st; the days around it are read as usual.
    @Test func refusesADayTheZoneSkipped() throws {
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        let before = Self.apiaThursday
        let days = ["2011-12-30", "2011-12-30 10:00", "dec 30 2011", "30 dec 2011 9am", "dec 30"]
        expectSkippedInApia(days, now: before)
        #expect(try iso("2011-12-31 00:00", zone: apia) == "2011-12-30T10:00:00Z")
        #expect(try iso("2011-12-29 23:59", zone: apia) == "2011-12-30T09:59:00Z")
        #expect(try iso("tomorrow", now: before, zone: apia) == "2011-12-30T10:00:00Z all-day")
        #expect(throws: ChecklistsError.badDate("2026-02-30")) { try parse("2026-02-30", zone: apia) }
        let message = ChecklistsError.skippedDay("2011-12-30", zone: "Pacific/Apia").description
        #expect(message.contains("does not exist in the time zone Pacific/Apia"))
    }

    /// A weekday names a day: "friday" said in Apia on Thursday 2011-12-29 is the skipped Friday,
    /// refused by name as "2011-12-30" is, not Saturday the 31st (as it was before).
    @Test func refusesAWeekdayTheZoneSkipped() throws {
        let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
        let thursday = Self.apiaThursday
        expectSkippedInApia(["friday", "fri", "next friday", "friday 17:00", "next fri at 5pm"], now: thursday)
        let saturday31 = "2011-12-30T10:00:00Z"  // 2011-12-31 00:00 in Apia
        #expect(try iso("saturday", now: thursday, zone: apia) == saturday31 + " all-day")
        #expect(try iso("sunday 9:00", now: thursday, zone: apia) == "2011-12-31T19:00:00Z")
        let saturday24 = Date(timeIntervalSince1970: 1_324_720_800)  // 2011-12-24 00:00 in Apia (-10)
        expectSkippedInApia(["friday"], now: saturday24)
        #expect(try iso("monday", now: saturday24, zone: apia) == "2011-12-26T10:00:00Z all-day")
    }

    /// 2011-12-29 00:00 in Pacific/Apia, the day before the day Samoa skipped.
    static let apiaThursday = Date(timeIntervalSince1970: 1_325_152_800)

    /// Each of `texts`, said at `now` in Pacific/Apia, is refused as naming the skipped 2011-12-30.
    func expectSkippedInApia(_ texts: [String], now: Date) {
        for text in texts {
            #expect(throws: ChecklistsError.skippedDay(text, zone: "Pacific/Apia")) {
                try parse(text, now: now, zone: TimeZone(identifier: "Pacific/Apia")!)
            }
        }
    }

    @Test func takesTheFirstOfARepeatedTime() throws {
        #expect(try iso("2026-10-25 02:30", zone: Self.berlin) == "2026-10-25T00:30:00Z")  // CEST, not CET
        #expect(try iso("2026-11-01 1:30am", zone: Self.newYork) == "2026-11-01T05:30:00Z")  // EDT, not EST
    }

    @Test func readsTimesInTheUsersZone() throws {
        // 05:15 in New York.
        #expect(try iso("today 18:00", zone: Self.newYork) == "2026-11-30T23:00:00Z")
        #expect(try iso("9pm", zone: Self.newYork) == "2026-12-01T02:00:00Z")
        #expect(try iso("5am", zone: Self.newYork) == "2026-12-01T10:00:00Z")
        #expect(try iso("tomorrow", zone: Self.newYork) == "2026-12-01T05:00:00Z all-day")
        #expect(try iso("friday 18:00", zone: Self.berlin) == "2026-12-04T17:00:00Z")
        #expect(try iso("dec 24 9:30", zone: Self.berlin, locale: "de_DE") == "2026-12-24T08:30:00Z")
    }

    @Test func answersEveryRandomStringWithADateOrARefusal() throws {
        let pieces = [
            "in", "next", "at", "today", "tomorrow", "fri", "monday", "dec", "feb", "24", "30", "2026", "1899", "9",
            "9:30", "25:00", "9am", "12pm", "13pm", "noon", "hours", "days", "week", "0", "99999", "-", "+", ":", ".",
            "/", ",", "T", "Z", "24.12.2026", "12/24", "2026-12-01", "2026-02-30", "+14:00", "-99", "\u{0}", "é",
            "٣", "²", "１２:００", " ", "  ",
        ]
        var random = SplitMix(seed: 17)
        let zones = [Self.utc, Self.berlin, Self.newYork]
        let locales = ["en_US_POSIX", "en_US", "de_DE", "zh_CN"].map { DueDateOrder(locale: Locale(identifier: $0)) }
        var accepted = 0
        for i in 0..<3000 {
            let count = Int(random.next() % 6) + 1
            var text = ""
            for _ in 0..<count {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
                if random.next() % 3 != 0 { text += " " }
            }
            let parser = DueDateParser(now: Self.monday, timeZone: zones[i % 3], order: locales[i % 4])
            do {
                let result = try parser.parse(text)
                accepted += 1
                #expect(result.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0, "\(text)")
                #expect(result.reminder >= result.date, "\(text)")
            } catch let error as ChecklistsError {
                #expect(
                    error == .badDate(text) || error == .skippedTime(text)
                        || error == .skippedDay(text, zone: zones[i % 3].identifier), "\(text)")
            }
        }
        #expect(accepted > 50)
    }
}

/// A small deterministic generator, so a failing string can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
