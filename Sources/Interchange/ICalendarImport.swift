import ChecklistsKit
import Foundation

/// Gathers VTODOs from .ics files into lists: the files of one vdir collection (a directory
/// with an optional `displayname`) or one calendar file become one list.
public struct ICalendarImport: Sendable, Equatable {
    public private(set) var lists: [ImportBatch.List] = []

    public init() {}

    /// Reads one .ics file into the list named `list` (made on first use).
    /// - Returns: How many to-dos the file held.
    @discardableResult
    public mutating func add(_ data: Data, list: String, timeZone: TimeZone = .current) throws(InterchangeError) -> Int
    {
        let calendar = try ICalendarReader.read(data, timeZone: timeZone)
        let name = list.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Imported" : list
        let index: Int
        if let found = lists.firstIndex(where: { $0.name == name }) {
            index = found
        } else {
            lists.append(ImportBatch.List(name: name))
            index = lists.count - 1
        }
        lists[index].items += calendar.todos
        if lists[index].icon == .noIcon, let icon = calendar.icon { lists[index].icon = icon }
        return calendar.todos.count
    }

    /// The name a calendar file gives its list: X-WR-CALNAME, else `fallback` (the file's name).
    public static func listName(_ data: Data, fallback: String) -> String {
        (try? ICalendarReader.read(data))?.name ?? fallback
    }

    /// The batch to import.
    public var batch: ImportBatch { ImportBatch(lists: lists.filter { !$0.items.isEmpty }) }
}
