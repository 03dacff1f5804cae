import ChecklistsKit
import Foundation

/// Gathers VTODOs from .ics files into lists: the files of one vdir collection (a directory
/// with an optional `displayname`) or one calendar file become one list.
public struct ICalendarImport: Sendable, Equatable {
    public private(set) var lists: [ImportBatch.List] = []
    /// Each list's position in `lists`, by name.
    private var positions: [String: Int] = [:]

    public init() {}

    /// Reads one .ics file into the list named `list` (made on first use).
    /// - Returns: How many to-dos the file held.
    @discardableResult
    public mutating func add(_ data: Data, list: String, timeZone: TimeZone = .current) throws(InterchangeError) -> Int
    {
        let calendar = try ICalendarReader.read(data, timeZone: timeZone)
        let index = addList(list, icon: calendar.icon)
        lists[index].items += calendar.todos
        return calendar.todos.count
    }

    /// Makes the list named `name` if it is not there yet (a vdir collection without to-dos, or
    /// a calendar file without VTODOs, is an empty list), giving it `icon` if it has none.
    /// - Returns: The list's position in `lists`.
    @discardableResult
    public mutating func addList(_ name: String, icon: Icon? = nil) -> Int {
        let name = Blank.check(name) ? "Imported" : name
        let index: Int
        if let found = positions[name] {
            index = found
        } else {
            lists.append(ImportBatch.List(name: name))
            index = lists.count - 1
            positions[name] = index
        }
        if lists[index].icon == .noIcon, let icon { lists[index].icon = icon }
        return index
    }

    /// The name a calendar file gives its list: X-WR-CALNAME, else `fallback` (the file's name).
    public static func listName(_ data: Data, fallback: String) -> String {
        (try? ICalendarReader.read(data))?.name ?? fallback
    }

    /// The batch to import: every list met, empty ones too.
    public var batch: ImportBatch { ImportBatch(lists: lists) }
}
