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

    /// The collection file naming a list's icon (beside `displayname`), so that a list without
    /// items keeps its icon too; the items carry it as X-CHECKLISTS-ICON and CATEGORIES.
    public static let iconFile = "checklists-icon"

    /// The vdir of `snapshot`: for each list "<list uid>/displayname" (every list, empty ones
    /// too), "<list uid>/checklists-icon" when it has an icon, and "<list uid>/<item uid>.ics".
    public static func vdir(_ snapshot: StoreSnapshot) -> [File] {
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
            return File(path: "\(directory)/\(name)", contents: Data(calendarBytes(item, icon: list.icon, list: list)))
        }
        files += made.compactMap { $0 }
        return files
    }

    /// One VCALENDAR holding the item's VTODO, lines folded at 75 octets, CRLF line ends.
    public static func calendar(_ item: ChecklistItem, icon: Icon) -> String {
        String(decoding: calendarBytes(item, icon: icon), as: UTF8.self)
    }

    /// The bytes of `calendar(_:icon:)`, built without a String per line (100,000 files). With
    /// `list`, the to-do names its list's uid and ID (X-CHECKLISTS-LIST-UID, X-CHECKLISTS-LIST-ID),
    /// so that a vdir import gives the list back with its uid and in its place.
    static func calendarBytes(_ item: ChecklistItem, icon: Icon, list: Checklist? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + item.text.utf8.count * 2)
        func line(_ name: String, _ value: [UInt8]) {
            var bytes = Array(name.utf8)
            bytes.append(58)  // ":"
            bytes += value
            fold(bytes, into: &out)
        }
        func text(_ value: String) -> [UInt8] { Array(escape(value).utf8) }
        func time(_ date: Date) -> [UInt8] { Timestamp.bytes(date, separators: false) }
        out += Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(productID)\r\nBEGIN:VTODO\r\n".utf8)
        line("UID", text(item.uid))
        line("DTSTAMP", time(item.modified))
        line("CREATED", time(item.created))
        line("LAST-MODIFIED", time(item.modified))
        line("SUMMARY", text(item.text))
        line("STATUS", Array((item.checked ? "COMPLETED" : "NEEDS-ACTION").utf8))
        if item.checked {
            line("COMPLETED", time(item.modified))
            line("PERCENT-COMPLETE", Array("100".utf8))
        }
        if let due = item.dueDate { line("DUE", time(due)) }
        if icon != .noIcon { line("CATEGORIES", text(icon.rawValue)) }
        line("X-CHECKLISTS-ICON", text(icon.rawValue))
        line("X-CHECKLISTS-ID", Array(String(item.id).utf8))
        if let list {
            line("X-CHECKLISTS-LIST-UID", text(list.uid))
            line("X-CHECKLISTS-LIST-ID", Array(String(list.id).utf8))
        }
        if item.shouldRemind, item.dueDate != nil {
            out += Array("BEGIN:VALARM\r\nACTION:DISPLAY\r\n".utf8)
            line("DESCRIPTION", text(item.text))
            out += Array("TRIGGER;RELATED=END:PT0S\r\nEND:VALARM\r\n".utf8)
        }
        out += Array("END:VTODO\r\nEND:VCALENDAR\r\n".utf8)
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

    /// `name` when it is safe as a file name, else `fallback`.
    static func fileName(_ name: String, fallback: String) -> String {
        let safe = name.utf8.allSatisfy { c in
            (48...57).contains(c) || (65...90).contains(c) || (97...122).contains(c) || c == 45 || c == 95 || c == 46
                || c == 64
        }
        return safe && !name.isEmpty && name.utf8.count <= 200 && !name.hasPrefix(".") ? name : fallback
    }
}
