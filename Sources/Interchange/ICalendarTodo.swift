import ChecklistsKit
import Foundation
import Localization

/// The properties of one VTODO as they are read.
struct Todo {
    /// A property and the line it was read from, which an error about its value names.
    struct Located {
        let property: ContentLine
        let line: Int
    }

    let line: Int
    var uid: String?
    var summary: String?
    var description: String?
    var status: String?
    var completed = false
    var due: Located?
    var created: Located?
    var modified: Located?
    var icon: Icon?
    var categoryIcon: Icon?
    var id: Int64?
    /// The uid and ID of the list the to-do was exported from (X-CHECKLISTS-LIST-UID / -ID).
    var listUID: String?
    var listID: Int64?
    var hasAlarm = false

    init(line: Int) { self.line = line }

    mutating func add(_ property: ContentLine, line: Int) {
        switch property.name {
        case "UID": uid = ICalendarReader.unescape(property.value)
        case "SUMMARY": summary = ICalendarReader.unescape(property.value)
        case "DESCRIPTION": description = ICalendarReader.unescape(property.value)
        case "STATUS": status = property.value.uppercased()
        case "COMPLETED": completed = true
        case "PERCENT-COMPLETE": if property.value == "100" { completed = true }
        case "DUE": due = Located(property: property, line: line)
        case "CREATED": created = Located(property: property, line: line)
        case "LAST-MODIFIED": modified = Located(property: property, line: line)
        case "X-CHECKLISTS-ICON": icon = Icon(rawValue: ICalendarReader.unescape(property.value))
        case "X-CHECKLISTS-ID": id = Int64(property.value).flatMap { (0...(Int64(1) << 53)).contains($0) ? $0 : nil }
        case "X-CHECKLISTS-LIST-UID":
            let value = ICalendarReader.unescape(property.value)
            if !value.isEmpty, value.utf8.count <= 255, !value.unicodeScalars.contains(where: Self.isControl) {
                listUID = value
            }
        case "X-CHECKLISTS-LIST-ID":
            listID = Int64(property.value).flatMap { (0...(Int64(1) << 53)).contains($0) ? $0 : nil }
        case "CATEGORIES":
            if categoryIcon == nil {
                categoryIcon =
                    ICalendarReader.categories(property.value).lazy.compactMap {
                        $0 == Icon.noIcon.rawValue ? nil : Icon(rawValue: $0)
                    }.first
            }
        default: break
        }
    }

    /// C0 and C1 controls and DEL: never part of an identity that names files and matches rows.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The icon the to-do names, if any.
    var iconNamed: Icon? { icon ?? categoryIcon }

    /// A to-do completed or cancelled (STATUS:CANCELLED, as todoman and Thunderbird write a task
    /// given up) is checked: nothing is left to do, and it does not count as remaining.
    func item(timeZone: TimeZone, zones: TimeZoneResolver) throws(InterchangeError) -> ImportBatch.Item {
        // A task without a title (Nextcloud Tasks and Thunderbird allow one) takes its
        // description's first line, else a placeholder: one untitled task used to refuse the file.
        let text =
            summary.flatMap { Blank.check($0) ? nil : $0 }
            ?? description?.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }.first { !Blank.check($0) }
            ?? tr("Untitled to-do")
        if let uid, uid.isEmpty || uid.utf8.count > 255 || uid.unicodeScalars.contains(where: Self.isControl) {
            throw .badCalendar(line: line, "the VTODO's UID is empty, longer than 255 bytes or has control characters")
        }
        let dueDate = try due.map { p throws(InterchangeError) in try time(p, timeZone: timeZone, zones: zones) }
        return ImportBatch.Item(
            id: id, uid: uid, text: text, checked: completed || status == "COMPLETED" || status == "CANCELLED",
            dueDate: dueDate, isAllDay: due.map(Self.isDate) ?? false,
            shouldRemind: hasAlarm && dueDate != nil,
            created: try created.map { p throws(InterchangeError) in try time(p, timeZone: timeZone, zones: zones) },
            modified: try modified.map { p throws(InterchangeError) in try time(p, timeZone: timeZone, zones: zones) })
    }

    /// Whether the property is a DATE (`DUE;VALUE=DATE:20261224`, as Thunderbird, Nextcloud Tasks
    /// and todoman write a day without a time; read by its 8 digits, as `time` reads it, with or
    /// without the parameter): an all-day item.
    static func isDate(_ located: Located) -> Bool {
        located.property.value.utf8.count == 8
    }

    /// A DATE-TIME (UTC "…Z", with TZID, or floating) or a DATE (09:00 that day). An error names
    /// the property's own line (it named the VTODO's BEGIN, often far above it).
    func time(_ located: Located, timeZone: TimeZone, zones: TimeZoneResolver) throws(InterchangeError) -> Date {
        let (property, line) = (located.property, located.line)
        let value = property.value
        // At most 16 bytes are looked at ("20261201T093000Z"); longer values are refused below.
        var chars: (UInt64, UInt64) = (0, 0)
        let count = value.utf8.count
        withUnsafeMutableBytes(of: &chars) { out in
            for (i, c) in value.utf8.prefix(16).enumerated() { out[i] = c }
        }
        func at(_ i: Int) -> UInt8 { withUnsafeBytes(of: chars) { $0[i] } }
        func number(_ from: Int, _ length: Int) -> Int? {
            guard count >= from + length, from + length <= 16 else { return nil }
            var n = 0
            for i in from..<from + length {
                let c = at(i)
                guard (48...57).contains(c) else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        let isUTC = count == 16 && at(15) == 90
        var zone = TimeZoneResolver.Zone.zone(timeZone)
        // A UTC time ("…Z") is UTC whatever TZID it carries.
        if !isUTC, let tzid = property.parameters["TZID"] { zone = zones.zone(tzid) }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2), (1900...9999).contains(year)
        else { throw .badCalendar(line: line, "\(property.name) \"\(value)\" is not a date") }
        // A date: 09:00 that day in local time.
        var (hour, minute, second) = (9, 0, 0)
        if count == 8 {
        } else if count == 15 || isUTC, at(8) == 84, let h = number(9, 2), let mi = number(11, 2),
            let s = number(13, 2)
        {
            (hour, minute, second) = (h, mi, s)
        } else {
            throw .badCalendar(line: line, "\(property.name) \"\(value)\" is not a date or time")
        }
        guard (1...12).contains(month), day >= 1, day <= Int(Timestamp.daysIn(month: Int64(month), year: Int64(year))),
            hour < 24, minute < 60, second <= 60
        else { throw .badCalendar(line: line, "\(property.name) \"\(value)\" is not a valid time") }
        if isUTC {
            // UTC, the common case: plain arithmetic (a Calendar per property is slow at 100,000 files).
            let days = Timestamp.days(fromCivil: Int64(year), Int64(month), Int64(day))
            let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        if case .rules(let rules) = zone, count == 15 {
            // A VTIMEZONE with a TZID no database knows: its own offsets.
            let local =
                Timestamp.days(fromCivil: Int64(year), Int64(month), Int64(day)) * 86_400
                + Int64(hour * 3600 + minute * 60 + min(second, 59))
            return Date(timeIntervalSince1970: TimeInterval(local - Int64(rules.offset(atLocal: local) ?? 0)))
        }
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var calendar = Calendar(identifier: .gregorian)
        if case .zone(let known) = zone { calendar.timeZone = known } else { calendar.timeZone = timeZone }
        guard let date = calendar.date(from: parts) else {
            throw .badCalendar(line: line, "\(property.name) \"\(value)\" is not a valid time")
        }
        return date
    }
}
