import ChecklistsKit
import Foundation

/// Writes items as iCalendar (RFC 5545) VTODOs, and a store as a vdir: one directory per list
/// (named by the list's uid, with a `displayname` file, as vdirsyncer and todoman expect) and
/// one `.ics` per item.
public enum ICalendarWriter {
    /// A file of an export: its path relative to the export directory, and its bytes.
    public struct File: Sendable, Equatable {
        public var path: String
        public var contents: Data
    }

    static let productID = "-//Checklists for Linux//Checklists//EN"

    /// The lines every file starts with.
    static let header = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(productID)\r\nBEGIN:VTODO\r\n".utf8)

    /// The collection file naming a list's icon (beside `displayname`), so that a list without
    /// items keeps its icon too; the items carry it as X-CHECKLISTS-ICON and CATEGORIES.
    public static let iconFile = "checklists-icon"

    /// The vdir of `snapshot`: for each list "<list uid>/displayname" (every list, empty ones
    /// too), "<list uid>/checklists-icon" when it has an icon, and "<list uid>/<item uid>.ics".
    /// - Parameter timeZone: The zone whose day an all-day item's due date falls on.
    public static func vdir(_ snapshot: StoreSnapshot, timeZone: TimeZone = .current) -> [File] {
        var lists: [Int64: Checklist] = [:]
        var files: [File] = []
        for list in snapshot.lists {
            lists[list.id] = list
            let directory = fileName(list.uid, fallback: "list-\(list.id)")
            files.append(File(path: "\(directory)/displayname", contents: Data(list.name.utf8)))
            if list.icon != .noIcon {
                files.append(File(path: "\(directory)/\(iconFile)", contents: Data(list.icon.rawValue.utf8)))
            }
        }
        // The to-dos are formatted on every core, each into its own place.
        let items = snapshot.items
        let byID = lists
        let made = parallelMap(items.count) { n -> File? in
            let item = items[n]
            guard let list = byID[item.listID] else { return nil }
            let directory = fileName(list.uid, fallback: "list-\(list.id)")
            let name = fileName(item.uid, fallback: "item-\(item.id)") + ".ics"
            return File(
                path: "\(directory)/\(name)",
                contents: Data(calendarBytes(item, icon: list.icon, list: list, timeZone: timeZone)))
        }
        files += made.compactMap { $0 }
        return files
    }

    /// One VCALENDAR holding the item's VTODO, lines folded at 75 octets, CRLF line ends.
    public static func calendar(_ item: ChecklistItem, icon: Icon, timeZone: TimeZone = .current) -> String {
        String(decoding: calendarBytes(item, icon: icon, timeZone: timeZone), as: UTF8.self)
    }

    /// The bytes of `calendar(_:icon:)`, built without a String per line (100,000 files). With
    /// `list`, the to-do names its list's uid and ID (X-CHECKLISTS-LIST-UID, X-CHECKLISTS-LIST-ID),
    /// so that a vdir import gives the list back with its uid and in its place. An all-day item's
    /// DUE is its day in `timeZone` (`DUE;VALUE=DATE:20261224`), and its alarm the instant it
    /// reminds at (the all-day hour), since an alarm relative to a date alone would be midnight.
    static func calendarBytes(
        _ item: ChecklistItem, icon: Icon, list: Checklist? = nil, timeZone: TimeZone = .current
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(640 + item.text.utf8.count * 2)
        // Each content line is written whole into `out`, then folded there in the rare case it is
        // longer than 75 octets: no array per line.
        func begin(_ name: StaticString) -> Int {
            let start = out.count
            out += UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            out.append(58)  // ":"
            return start
        }
        func end(_ start: Int) {
            guard out.count - start > 75 else {
                out.append(13)
                out.append(10)
                return
            }
            let whole = Array(out[start...])
            out.removeSubrange(start...)
            fold(whole, into: &out)
        }
        func text(_ name: StaticString, _ value: String) {
            let start = begin(name)
            out += escape(value).utf8
            end(start)
        }
        func plain(_ name: StaticString, _ value: String) {
            let start = begin(name)
            out += value.utf8
            end(start)
        }
        func time(_ name: StaticString, _ date: Date) {
            let start = begin(name)
            out += Timestamp.bytes(date, separators: false)
            end(start)
        }
        out += header
        text("UID", item.uid)
        time("DTSTAMP", item.modified)
        time("CREATED", item.created)
        time("LAST-MODIFIED", item.modified)
        text("SUMMARY", item.text)
        plain("STATUS", item.checked ? "COMPLETED" : "NEEDS-ACTION")
        if item.checked {
            time("COMPLETED", item.modified)
            plain("PERCENT-COMPLETE", "100")
        }
        if let due = item.dueDate, item.isAllDay {
            let start = begin("DUE;VALUE=DATE")
            let local = due.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: due)))
            out += Timestamp.bytes(local, separators: false).prefix(8)
            end(start)
        } else if let due = item.dueDate {
            time("DUE", due)
        }
        if icon != .noIcon { text("CATEGORIES", icon.rawValue) }
        text("X-CHECKLISTS-ICON", icon.rawValue)
        plain("X-CHECKLISTS-ID", String(item.id))
        if let list {
            text("X-CHECKLISTS-LIST-UID", list.uid)
            plain("X-CHECKLISTS-LIST-ID", String(list.id))
        }
        if item.shouldRemind, item.dueDate != nil {
            out += "BEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8
            text("DESCRIPTION", item.text)
            if item.isAllDay, let due = item.dueDate {
                time("TRIGGER;VALUE=DATE-TIME", due)
            } else {
                out += "TRIGGER;RELATED=END:PT0S\r\n".utf8
            }
            out += "END:VALARM\r\n".utf8
        }
        out += "END:VTODO\r\nEND:VCALENDAR\r\n".utf8
        return out
    }

    /// Appends a content line folded at 75 octets (then 74 after the leading space) without
    /// splitting a UTF-8 sequence, and its CRLF.
    static func fold(_ line: [UInt8], into out: inout [UInt8]) {
        var width = 0
        var limit = 75
        var index = 0
        while index < line.count {
            let lead = line[index]
            let size = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            let end = min(index + size, line.count)
            if width + (end - index) > limit {
                out += [13, 10, 32]
                width = 0
                limit = 74
            }
            out += line[index..<end]
            width += end - index
            index = end
        }
        out += [13, 10]
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 92 || $0 == 59 || $0 == 44 || $0 == 10 || $0 == 13 }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `name` when it is safe as a file name, else `fallback` ("list-ID", "item-ID"). A name that
    /// starts as the fallbacks do is not taken either: a list whose uid is "list-3" would share
    /// its folder with list 3 whose uid cannot be a name.
    static func fileName(_ name: String, fallback: String) -> String {
        let safe = name.utf8.allSatisfy { c in
            (48...57).contains(c) || (65...90).contains(c) || (97...122).contains(c) || c == 45 || c == 95 || c == 46
                || c == 64
        }
        let reserved = name.hasPrefix("list-") || name.hasPrefix("item-")
        return safe && !reserved && !name.isEmpty && name.utf8.count <= 200 && !name.hasPrefix(".") ? name : fallback
    }
}
