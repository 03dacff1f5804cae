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
    }

    /// Parses one .ics file.
    /// - Parameter timeZone: For floating times and dates.
    /// - Throws: `InterchangeError.badCalendar` with the line, `.notUTF8`, `.tooLarge`.
    public static func read(_ data: Data, timeZone: TimeZone = .current) throws(InterchangeError) -> Calendar {
        guard data.count <= maxBytes else { throw .tooLarge("over 64 MiB") }
        guard let text = String(validating: data, as: UTF8.self) else { throw .notUTF8 }
        var calendar = Calendar(name: nil, todos: [])
        var stack: [String] = []
        var todo: Todo?
        var sawCalendar = false
        for (number, line) in try unfold(text) {
            guard let property = ContentLine(line) else {
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
                if kind == "VTODO" && stack == ["VCALENDAR"] { todo = Todo(line: number) }
                stack.append(kind)
            case "END":
                let kind = property.value.uppercased()
                guard stack.last == kind else {
                    throw .badCalendar(
                        line: number, "END:\(kind) does not close \(stack.last.map { "BEGIN:\($0)" } ?? "anything")")
                }
                stack.removeLast()
                if kind == "VTODO", stack == ["VCALENDAR"], let done = todo {
                    calendar.todos.append(try done.item(timeZone: timeZone))
                    if calendar.icon == nil { calendar.icon = done.iconNamed }
                    todo = nil
                }
            default:
                if stack == ["VCALENDAR"], property.name == "X-WR-CALNAME" { calendar.name = unescape(property.value) }
                if stack == ["VCALENDAR", "VTODO"] { todo?.add(property, line: number) }
                if stack == ["VCALENDAR", "VTODO", "VALARM"] { todo?.hasAlarm = true }
            }
        }
        guard sawCalendar else { throw .badCalendar(line: 0, "no BEGIN:VCALENDAR") }
        guard stack.isEmpty else { throw .badCalendar(line: 0, "BEGIN:\(stack.last ?? "") is never ended") }
        return calendar
    }

    /// The content lines with their first physical line number, unfolded (CRLF or LF, then a
    /// space or tab, continues the line).
    static func unfold(_ text: String) throws(InterchangeError) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        var number = 0
        // Bytes, not Characters: "\r\n" is one Character, and U+2028 in a text is not a line end.
        for raw in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == 13 { line = line.dropLast() }
            if let first = line.first, first == 32 || first == 9 {
                guard !lines.isEmpty else { throw .badCalendar(line: number, "a continuation line comes first") }
                lines[lines.count - 1].1 += String(decoding: line.dropFirst(), as: UTF8.self)
                continue
            }
            if line.isEmpty { continue }
            guard lines.count < maxLines else { throw .tooLarge("over \(maxLines) lines") }
            lines.append((number, String(decoding: line, as: UTF8.self)))
        }
        return lines
    }

    /// TEXT unescaping: \\ \; \, \n \N.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaped = false
        for ch in text {
            if escaped {
                switch ch {
                case "n", "N": out.append("\n")
                default: out.append(ch)
                }
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// Splits a CATEGORIES value at unescaped commas.
    static func categories(_ value: String) -> [String] {
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

    init?(_ line: String) {
        var name = ""
        var parameters: [String: String] = [:]
        var index = line.startIndex
        while index < line.endIndex, line[index] != ":" && line[index] != ";" {
            name.append(line[index])
            index = line.index(after: index)
        }
        guard !name.isEmpty, index < line.endIndex else { return nil }
        while line[index] == ";" {
            index = line.index(after: index)
            var key = ""
            while index < line.endIndex, line[index] != "=" && line[index] != ":" && line[index] != ";" {
                key.append(line[index])
                index = line.index(after: index)
            }
            guard index < line.endIndex, line[index] == "=" else { return nil }
            index = line.index(after: index)
            var value = ""
            var quoted = false
            while index < line.endIndex, quoted || (line[index] != ":" && line[index] != ";") {
                if line[index] == "\"" { quoted.toggle() } else { value.append(line[index]) }
                index = line.index(after: index)
            }
            guard index < line.endIndex, !quoted else { return nil }
            parameters[key.uppercased()] = value
        }
        guard line[index] == ":" else { return nil }
        self.name = name.uppercased()
        self.parameters = parameters
        value = String(line[line.index(after: index)...])
    }
}
