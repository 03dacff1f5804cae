import ChecklistsKit
import Foundation
import Testing

@Suite struct DueDateTests {
    let utc = TimeZone(identifier: "UTC")!
    // 2026-11-30 10:15:42 UTC
    let now = Date(timeIntervalSince1970: 1_796_033_742)

    func iso(_ text: String) throws -> String {
        DueDate.iso8601(
            try DueDate.parse(text, now: now, timeZone: utc, locale: Locale(identifier: "en_US_POSIX")), timeZone: utc)
    }

    @Test func readsISODatesWithSpaceOrT() throws {
        #expect(try iso("2026-12-01 09:30") == "2026-12-01T09:30:00Z")
        #expect(try iso("2026-12-01T09:30") == "2026-12-01T09:30:00Z")
        #expect(try iso("2026-12-01T09:30:59") == "2026-12-01T09:30:00Z")
        #expect(try iso("2026-12-01T09:30+01:00") == "2026-12-01T08:30:00Z")
    }

    @Test func readsTodayAndTomorrow() throws {
        #expect(try iso("today 18:00") == "2026-11-30T18:00:00Z")
        #expect(try iso("tomorrow 9:00") == "2026-12-01T09:00:00Z")
    }

    /// A day typed without a time is an all-day item, due at the all-day hour; any time given
    /// makes it a timed one, in English and Chinese alike.
    @Test func aDayAloneIsAllDayAndATimeIsNot() throws {
        func entry(_ text: String) throws -> DueDate.Entry {
            try DueDate.entry(text, now: now, timeZone: utc, locale: Locale(identifier: "en_US_POSIX"), allDayHour: 8)
        }
        for text in ["2026-12-24", "today", "tomorrow", "friday", "next monday", "dec 24", "in 3 days", "明天", "周五"] {
            #expect(try entry(text).isAllDay, "\(text)")
        }
        for text in ["2026-12-24 09:00", "tomorrow 9am", "friday 18:00", "in 2 hours", "18:00", "明天下午3点"] {
            #expect(try entry(text).isAllDay == false, "\(text)")
        }
        #expect(DueDate.iso8601(try entry("2026-12-24").date, timeZone: utc) == "2026-12-24T08:00:00Z")
    }

    @Test func anAllDayDateIsShownWithoutItsTime() {
        let display = DueDate.Display(locale: Locale(identifier: "en_US"), timeZone: utc)
        let date = Date(timeIntervalSince1970: 1_796_033_742)
        #expect(display.string(date, allDay: true) == "Nov 30, 2026")
        #expect(display.string(date, allDay: false) == display.string(date))
        #expect(display.string(date).contains("10:15"))
    }

    @Test func aDayWithoutATimeIsDueAtNineNotMidnight() throws {
        #expect(try iso("2026-12-01") == "2026-12-01T09:00:00Z")
        #expect(try iso("2026-12-01 00:00") == "2026-12-01T00:00:00Z")
    }

    /// `--json` dates are written by arithmetic: the same text Foundation's ISO 8601 formatter
    /// gives, in every kind of zone, across leap days, centuries and before 1970.
    @Test func iso8601MatchesFoundationsFormatter() {
        var random = SystemRandomNumberGenerator()
        let zones = [
            "UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Apia",
            "Pacific/Chatham", "Australia/Lord_Howe", "America/Los_Angeles", "Europe/Amsterdam",
        ].compactMap(TimeZone.init(identifier:))
        // 1900-01-01 … 9999-12-31, plus the edges of days, leap days and centuries.
        var seconds: [Double] = [
            -2_208_988_800, 253_402_300_799, 0, -1, 951_782_399, 951_782_400, 951_868_800, 4_107_542_400,
            1_796_033_742.9, -0.5,
        ]
        for _ in 0..<3000 { seconds.append(Double(Int64.random(in: -2_208_988_800...253_402_300_799, using: &random))) }
        for zone in zones {
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = zone
            formatter.formatOptions = [.withInternetDateTime]
            for value in seconds {
                let date = Date(timeIntervalSince1970: value)
                // Where the local offset has seconds or the local year five digits, the
                // formatter writes them; we write UTC.
                formatter.timeZone = zone
                if zone.secondsFromGMT(for: date) % 60 != 0 || formatter.string(from: date).hasPrefix("10000") {
                    formatter.timeZone = utc
                }
                let expected = formatter.string(from: date)
                #expect(DueDate.iso8601(date, timeZone: zone) == expected, "\(value) \(zone.identifier)")
            }
        }
    }

    /// `--json` dates stay within RFC 3339 (offsets in whole minutes, four-digit years), which
    /// its readers (Python's datetime.fromisoformat before 3.11, jq's fromdate, JavaScript's
    /// Date) need: a local mean time offset (Detroit before 1905: -05:32:11) and a local year
    /// 10000 (UTC+14 on 9999-12-31) are written as the same instant in UTC.
    @Test func jsonDatesKeepToRFC3339() throws {
        let detroit = try #require(TimeZone(identifier: "America/Detroit"))
        // 1900-01-01 09:00:00 UTC: 03:27:49 at Detroit's -05:32:11.
        #expect(
            DueDate.iso8601(Date(timeIntervalSince1970: -2_208_956_400), timeZone: detroit) == "1900-01-01T09:00:00Z")
        let kiritimati = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        // 9999-12-31 20:00 UTC is 10000-01-01 10:00 at UTC+14.
        let end = Date(timeIntervalSince1970: 253_402_286_400)
        #expect(DueDate.iso8601(end, timeZone: kiritimati) == "9999-12-31T20:00:00Z")
        // 9999-12-31 23:00 in New York is 10000-01-01 04:00 UTC: written at -14:00.
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let past = Date(timeIntervalSince1970: 253_402_315_200)
        #expect(DueDate.iso8601(past, timeZone: kiritimati) == "9999-12-31T14:00:00-14:00")
        #expect(DueDate.iso8601(past, timeZone: newYork) == "9999-12-31T23:00:00-05:00")
        #expect(
            DueDate.iso8601(Date(timeIntervalSince1970: 1_796_033_742), timeZone: kiritimati)
                == "2026-12-01T00:15:42+14:00")
    }

    @Test func roundsDownToTheMinute() {
        #expect(DueDate.roundedDown(now).timeIntervalSince1970 == 1_796_033_700)
        #expect(ChecklistItem(id: 1, listID: 1, text: "x", dueDate: now).dueDate == DueDate.roundedDown(now))
    }

    @Test(arguments: [
        "", "soon", "2026-13-01 10:00", "2026-02-30 10:00", "2026-12-01 25:00",
        "2026-12-01 9:5", "yesterday 10:00",
    ])
    func refusesBadDates(_ text: String) {
        #expect(throws: ChecklistsError.badDate(text)) { try DueDate.parse(text, now: now, timeZone: utc) }
    }

    @Test func showsMediumDateAndShortTime() {
        let shown = DueDate.display(
            Date(timeIntervalSince1970: 1_796_033_742), locale: Locale(identifier: "en_US"),
            timeZone: utc)
        #expect(shown.contains("Nov 30, 2026"))
        #expect(shown.contains("10:15"))
    }

    @Test func rejectsYearsOutsideTheRangeAndOverflowingOffsets() {
        let utc = TimeZone(identifier: "UTC")!
        for text in [
            "0000-01-01 10:00", "1899-12-31 10:00", "+999-01-01 10:00", "10000-01-01 10:00",
            "2030-01-01T10:00+99999999999999999:00", "2030-01-01T10:00+15:00", "2030-1-+1 10:00",
        ] {
            #expect(throws: ChecklistsError.self, "\(text)") { try DueDate.parse(text, timeZone: utc) }
        }
        #expect((try? DueDate.parse("9999-12-31 23:59", timeZone: utc)) != nil)
        #expect((try? DueDate.parse("2030-01-01T10:00+14:00", timeZone: utc)) != nil)
    }
}
