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
        for item in snapshot.items {
            guard let list = lists[item.listID] else { continue }
            let directory = fileName(list.uid, fallback: "list-\(list.id)")
            let name = fileName(item.uid, fallback: "item-\(item.id)") + ".ics"
            files.append(File(path: "\(directory)/\(name)", contents: Data(calendar(item, icon: list.icon).utf8)))
        }
        return files
    }

    /// One VCALENDAR holding the item's VTODO, lines folded at 75 octets, CRLF line ends.
    public static func calendar(_ item: ChecklistItem, icon: Icon) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "BEGIN:VTODO"]
        lines.append("UID:\(escape(item.uid))")
        lines.append("DTSTAMP:\(utc(item.modified))")
        lines.append("CREATED:\(utc(item.created))")
        lines.append("LAST-MODIFIED:\(utc(item.modified))")
        lines.append("SUMMARY:\(escape(item.text))")
        lines.append("STATUS:\(item.checked ? "COMPLETED" : "NEEDS-ACTION")")
        if item.checked {
            lines.append("COMPLETED:\(utc(item.modified))")
            lines.append("PERCENT-COMPLETE:100")
        }
        if let due = item.dueDate { lines.append("DUE:\(utc(due))") }
        if icon != .noIcon { lines.append("CATEGORIES:\(escape(icon.rawValue))") }
        lines.append("X-CHECKLISTS-ICON:\(escape(icon.rawValue))")
        lines.append("X-CHECKLISTS-ID:\(item.id)")
        if item.shouldRemind, item.dueDate != nil {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(escape(item.text))", "TRIGGER;RELATED=END:PT0S",
                "END:VALARM",
            ]
        }
        lines += ["END:VTODO", "END:VCALENDAR"]
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A time in UTC: 20261201T093000Z.
    static func utc(_ date: Date) -> String {
        String(decoding: Timestamp.bytes(date, separators: false), as: UTF8.self)
    }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newline.
    static func escape(_ text: String) -> String {
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

    /// Folds a content line at 75 octets without splitting a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var width = 0
        var limit = 75
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if width + size > limit {
                result += "\r\n "
                width = 0
                limit = 74
            }
            result.unicodeScalars.append(scalar)
            width += size
        }
        return result
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
