import ChecklistsKit
import Foundation
import Testing

@testable import Interchange

/// TZIDs that are not Olson names, as Outlook, Exchange and older Thunderbirds write them:
/// Windows names (through ICU), path-like names, and VTIMEZONEs with a TZID of their own.
@Suite struct TimeZoneResolverTests {
    /// A local zone far from every zone below, so that a TZID read as local time shows.
    static let local = TimeZone(identifier: "Asia/Tokyo")!

    /// Outlook 2016's export of a task: a Windows TZID, its VTIMEZONE (rules from 1601), unquoted
    /// spaces in the parameter.
    static func outlook(tzid: String, zone: String, dues: [String]) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN", "VERSION:2.0",
            "METHOD:PUBLISH", "X-MS-OLK-FORCEINSPECTOROPEN:TRUE",
        ]
        lines += zone.isEmpty ? [] : zone.split(separator: "\n").map(String.init)
        for (n, due) in dues.enumerated() {
            lines += [
                "BEGIN:VTODO", "CLASS:PUBLIC", "CREATED:20261120T101500Z", "DESCRIPTION:\\n",
                "DTSTAMP:20261120T101500Z", "DUE;TZID=\(tzid):\(due)", "PRIORITY:5", "SEQUENCE:0",
                "SUMMARY;LANGUAGE=de:Aufgabe \(n + 1)", "UID:040000008200E00074C5B7101A82E008\(n)",
                "X-MICROSOFT-CDO-BUSYSTATUS:BUSY", "END:VTODO",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static let westEurope = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16011028T030000
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010325T020000
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        END:DAYLIGHT
        END:VTIMEZONE
        """

    func dues(_ text: String) throws -> [TimeInterval?] {
        try ICalendarReader.read(Data(text.utf8), timeZone: Self.local).todos.map { $0.dueDate?.timeIntervalSince1970 }
    }

    @Test func outlooksWindowsZoneWithItsVTimezone() throws {
        let text = Self.outlook(
            tzid: "W. Europe Standard Time", zone: Self.westEurope, dues: ["20261224T093000", "20260715T093000"])
        #expect(try dues(text) == [1_798_101_000, 1_784_100_600])  // 08:30 UTC in winter, 07:30 in summer
    }

    /// Exchange sometimes leaves the VTIMEZONE out: the Windows name alone, mapped by ICU.
    @Test func aWindowsNameWithoutVTimezone() throws {
        #expect(TimeZoneResolver.windows("Pacific Standard Time")?.identifier == "America/Los_Angeles")
        #expect(TimeZoneResolver.windows("W. Europe Standard Time")?.identifier == "Europe/Berlin")
        #expect(TimeZoneResolver.windows("No Such Standard Time") == nil)
        let text = Self.outlook(
            tzid: "\"Pacific Standard Time\"", zone: "", dues: ["20261224T093000", "20260715T093000"])
        #expect(try dues(text) == [1_798_133_400, 1_784_133_000])  // UTC-8 in winter, UTC-7 in summer
    }

    /// "Customized Time Zone" (Outlook, for a zone edited by hand) means nothing outside the
    /// file: its VTIMEZONE's rules give the offset, southern-hemisphere summer included.
    @Test func aCustomTzidFollowsItsVTimezone() throws {
        let sydney = """
            BEGIN:VTIMEZONE
            TZID:Customized Time Zone
            BEGIN:STANDARD
            DTSTART:16010401T030000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4
            TZOFFSETFROM:+1100
            TZOFFSETTO:+1000
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:16011007T020000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10
            TZOFFSETFROM:+1000
            TZOFFSETTO:+1100
            END:DAYLIGHT
            END:VTIMEZONE
            """
        let text = Self.outlook(
            tzid: "Customized Time Zone", zone: sydney, dues: ["20261224T093000", "20260715T093000"])
        #expect(try dues(text) == [1_798_065_000, 1_784_071_800])  // +11:00 in December, +10:00 in July
    }

    /// A display name as TZID and a zone without daylight time; the VTIMEZONE after the VTODO.
    @Test func aDisplayNameTzidWithTheVTimezoneLast() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:kolkata-1\r
            SUMMARY:Call\r
            DUE;TZID="(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi":20261224T093000\r
            END:VTODO\r
            BEGIN:VTIMEZONE\r
            TZID:(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi\r
            BEGIN:STANDARD\r
            DTSTART:16010101T000000\r
            TZOFFSETFROM:+0530\r
            TZOFFSETTO:+0530\r
            END:STANDARD\r
            END:VTIMEZONE\r
            END:VCALENDAR\r

            """
        #expect(try dues(text) == [1_798_084_800])
    }

    /// Older Thunderbirds prefix the Olson name with a path of their own.
    @Test func aMozillaPathTzid() throws {
        let text = Self.outlook(tzid: "/mozilla.org/20050126_1/Europe/Berlin", zone: "", dues: ["20261224T093000"])
        #expect(try dues(text) == [1_798_101_000])
    }

    /// Around the spring change: the onset is on the last Sunday of March at 02:00 local time.
    @Test func theRulesChangeOnTheRightDay() {
        var zone = ICalendarTimeZone()
        for block in [
            [
                "DTSTART:16011028T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "TZOFFSETFROM:+0200",
                "TZOFFSETTO:+0100",
            ],
            [
                "DTSTART:16010325T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "TZOFFSETFROM:+0100",
                "TZOFFSETTO:+0200",
            ],
        ] {
            var observance = ICalendarTimeZone.Observance()
            for line in block { if let property = ContentLine(line) { observance.add(property) } }
            zone.observances.append(observance)
        }
        func at(_ text: String) -> Int? { ICalendarTimeZone.localSeconds(text).flatMap(zone.offset(atLocal:)) }
        #expect(at("20260328T230000") == 3600)
        #expect(at("20260329T033000") == 7200)  // 2026-03-29 is the last Sunday of March
        #expect(at("20261025T040000") == 3600)
        #expect(at("15000101T000000") == 3600)  // before every onset: the first one's TZOFFSETFROM
        #expect(ICalendarTimeZone.offset("-0800") == -28_800 && ICalendarTimeZone.offset("+053000") == 19_800)
        #expect(ICalendarTimeZone.offset("0800") == nil && ICalendarTimeZone.offset("+9999") == nil)
    }
}
