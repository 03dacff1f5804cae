import ChecklistsKit
import Foundation

/// Reads VTODOs from iCalendar text (RFC 5545): ours, todoman's, Thunderbird's, Nextcloud
/// Tasks'. Lines are unfolded; times may be UTC, carry a TZID, be floating (local time) or be
/// dates (09:00 that day); text is unescaped. Other components (VEVENT, VTIMEZONE) are skipped.
public enum ICalendarReader {
    /// At most this many bytes in one file, content lines, and nesting levels.
    public static let maxBytes = 64 << 20
    static let maxLines = 4_000_000
    static let maxDepth = 16

    /// The to-dos in one file, and the calendar's name when it has one (X-WR-CALNAME).
    public struct Calendar: Sendable, Equatable {
        public var name: String?
        public var todos: [ImportBatch.Item]
        /// The icon the to-dos name (X-CHECKLISTS-ICON, else a CATEGORIES that is an icon name).
        public var icon: Icon?
        /// The uid and ID of the Checklists list the to-dos came from (X-CHECKLISTS-LIST-UID and
        /// X-CHECKLISTS-LIST-ID of the first to-do that has them): a vdir import keeps the list's
        /// uid and the lists' order.
        public var listUID: String?
        public var listID: Int64?
    }

    /// Parses one .ics file.
    /// - Parameter timeZone: For floating times and dates.
    /// - Throws: `InterchangeError.badCalendar` with the line, `.notUTF8`, `.tooLarge`.
    public static func read(_ data: Data, timeZone: TimeZone = .current) throws(InterchangeError) -> Calendar {
        let result = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return Result { () throws(InterchangeError) in try read(bytes: bytes, timeZone: timeZone) }
        }
        return try result.get()
    }

    /// Parses one .ics file from its bytes (a vdir import reads each file into a reused buffer).
    /// - Throws: As `read(_:timeZone:)`.
    static func read(bytes: UnsafeBufferPointer<UInt8>, timeZone: TimeZone) throws(InterchangeError) -> Calendar {
        guard bytes.count <= maxBytes else { throw .tooLarge("over 64 MiB") }
        // A byte order mark (Windows programs write one) is not part of the first line.
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
        // RFC 5545 3.1: a fold may split a multi-byte character, so a file that is not UTF-8 as
        // it lies is checked again line by line, unfolded (the bytes of unfolded lines are the
        // file's own, so a file that is UTF-8 as it lies is so unfolded too).
        let wholeIsUTF8 = isUTF8(bytes)
        var calendar = Calendar(name: nil, todos: [])
        // stack[0] is always VCALENDAR: a BEGIN of anything else outside one is an error.
        var stack: [String] = []
        var todo: Todo?
        var finished: [Todo] = []
        var sawCalendar = false
        // VTIMEZONEs by TZID, read whole before any time is worked out (they may come last).
        var zones: [String: ICalendarTimeZone] = [:]
        var zone: (id: String?, definition: ICalendarTimeZone)?
        var observance: ICalendarTimeZone.Observance?
        let lines = try ICalendarLines(bytes)
        if !wholeIsUTF8 {
            for index in lines.indices where !lines.withLine(index, isUTF8) { throw .notUTF8 }
        }
        for index in lines.indices {
            let number = lines.number(index)
            guard let property = lines.withLine(index, { ContentLine(bytes: $0) }) else {
                throw .badCalendar(line: number, "not a content line (NAME:VALUE)")
            }
            switch property.name {
            case "BEGIN":
                let kind = property.value.uppercased()
                guard stack.count < maxDepth else { throw .badCalendar(line: number, "components nested too deep") }
                if stack.isEmpty && kind != "VCALENDAR" {
                    throw .badCalendar(line: number, "BEGIN:\(kind) outside a VCALENDAR")
                }
                if kind == "VCALENDAR" { sawCalendar = true }
                if kind == "VTODO" && stack.count == 1 { todo = Todo(line: number) }
                if kind == "VTIMEZONE" && stack.count == 1 { zone = (nil, ICalendarTimeZone()) }
                if (kind == "STANDARD" || kind == "DAYLIGHT") && stack.count == 2 && stack[1] == "VTIMEZONE" {
                    observance = ICalendarTimeZone.Observance()
                }
                stack.append(kind)
            case "END":
                let kind = property.value.uppercased()
                guard stack.last == kind else {
                    throw .badCalendar(
                        line: number, "END:\(kind) does not close \(stack.last.map { "BEGIN:\($0)" } ?? "anything")")
                }
                stack.removeLast()
                if kind == "VTODO", stack.count == 1, let done = todo {
                    finished.append(done)
                    if calendar.icon == nil { calendar.icon = done.iconNamed }
                    if calendar.listUID == nil { calendar.listUID = done.listUID }
                    if calendar.listID == nil { calendar.listID = done.listID }
                    todo = nil
                }
                if stack.count == 2, stack[1] == "VTIMEZONE", let done = observance {
                    zone?.definition.observances.append(done)
                    observance = nil
                }
                if kind == "VTIMEZONE", stack.count == 1, let done = zone {
                    if let id = done.id, zones[id] == nil { zones[id] = done.definition }
                    zone = nil
                }
            default:
                // stack[0] is VCALENDAR (a BEGIN outside one is an error); no array is built per line.
                switch stack.count {
                case 1:
                    if property.name == "X-WR-CALNAME" { calendar.name = unescape(property.value) }
                case 2:
                    if stack[1] == "VTODO" {
                        todo?.add(property, line: number)
                    } else if stack[1] == "VTIMEZONE", property.name == "TZID" {
                        zone?.id = property.value
                    }
                case 3:
                    if stack[1] == "VTODO", stack[2] == "VALARM" {
                        todo?.hasAlarm = true
                    } else if stack[1] == "VTIMEZONE" {
                        observance?.add(property)
                    }
                default: break
                }
            }
        }
        guard sawCalendar else { throw .badCalendar(line: 0, "no BEGIN:VCALENDAR") }
        guard stack.isEmpty else { throw .badCalendar(line: 0, "BEGIN:\(stack.last ?? "") is never ended") }
        let resolver = TimeZoneResolver(definitions: zones, fallback: timeZone)
        calendar.todos.reserveCapacity(finished.count)
        for done in finished { calendar.todos.append(try done.item(timeZone: timeZone, zones: resolver)) }
        return calendar
    }

    /// Whether `bytes` are valid UTF-8 (ASCII, the common case, without making a String).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        return ascii || String(validating: bytes, as: UTF8.self) != nil
    }

    /// TEXT unescaping: \\ \; \, \n \N.
    static func unescape(_ text: String) -> String {
        guard text.utf8.contains(92) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var escaped = false
        // Bytes: a backslash and the letters after it are ASCII, never part of a longer sequence.
        for byte in text.utf8 {
            if escaped {
                out.append(byte == 110 || byte == 78 ? 10 : byte)
                escaped = false
            } else if byte == 92 {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits a CATEGORIES value at unescaped commas.
    static func categories(_ value: String) -> [String] {
        guard value.utf8.contains(92) else {
            return value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        var parts: [String] = []
        var current = ""
        var escaped = false
        for ch in value {
            if escaped {
                current.append("\\")
                current.append(ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "," {
                parts.append(unescape(current))
                current = ""
            } else {
                current.append(ch)
            }
        }
        parts.append(unescape(current))
        return parts
    }
}

/// One content line: NAME *(;PARAM=VALUE) : VALUE, the name upper-cased.
struct ContentLine {
    let name: String
    let parameters: [String: String]
    let value: String

    /// Parses the line's UTF-8 bytes (names and delimiters are ASCII, so no byte of a
    /// multi-byte character is taken for one; reading Characters costs seconds at 100,000 files).
    init?(_ line: String) {
        var line = line
        guard let parsed = line.withUTF8({ Self.parse($0) }) else { return nil }
        (name, parameters, value) = parsed
    }

    /// Parses a line given as UTF-8 bytes.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = Self.parse(bytes) else { return nil }
        (name, parameters, value) = parsed
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, [String: String], String)? {
        let colon = UInt8(ascii: ":")
        let semicolon = UInt8(ascii: ";")
        let equals = UInt8(ascii: "=")
        let quote = UInt8(ascii: "\"")
        var index = 0
        while index < bytes.count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard index > 0, index < bytes.count else { return nil }
        let name = upper(bytes[0..<index])
        var parameters: [String: String] = [:]
        while bytes[index] == semicolon {
            index += 1
            let keyStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != colon, bytes[index] != semicolon {
                index += 1
            }
            guard index < bytes.count, bytes[index] == equals else { return nil }
            let key = upper(bytes[keyStart..<index])
            index += 1
            var value: [UInt8] = []
            var quoted = false
            while index < bytes.count, quoted || (bytes[index] != colon && bytes[index] != semicolon) {
                if bytes[index] == quote { quoted.toggle() } else { value.append(bytes[index]) }
                index += 1
            }
            guard index < bytes.count, !quoted else { return nil }
            parameters[key] = String(decoding: value, as: UTF8.self)
        }
        guard bytes[index] == colon else { return nil }
        return (name, parameters, String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)...]), as: UTF8.self))
    }

    /// ASCII letters upper-cased (property and parameter names are ASCII).
    private static func upper(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(where: { (97...122).contains($0) }) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
        }
        return String(decoding: bytes.map { (97...122).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
    }
}
