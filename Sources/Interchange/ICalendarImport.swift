import ChecklistsKit
import Foundation

/// Gathers VTODOs from .ics files into lists: the files of one vdir collection (a directory
/// with an optional `displayname`) or one calendar file become one list.
public struct ICalendarImport: Sendable, Equatable {
    public private(set) var lists: [ImportBatch.List] = []
    /// Each list's position in `lists`, by name, and by uid for lists that name theirs.
    private var positions: [String: Int] = [:]
    private var positionsByUID: [String: Int] = [:]
    /// The list ID each list had where it was exported (X-CHECKLISTS-LIST-ID), by position.
    private var order: [Int: Int64] = [:]

    public init() {}

    /// Reads one .ics file into the list named `list` (made on first use).
    /// - Returns: How many to-dos the file held.
    @discardableResult
    public mutating func add(_ data: Data, list: String, timeZone: TimeZone = .current) throws(InterchangeError) -> Int
    {
        add(try ICalendarReader.read(data, timeZone: timeZone), list: list)
    }

    /// Adds the to-dos of a file already read (`ICalendarReader.read`) to the list named `list`.
    /// - Returns: How many to-dos the file held.
    @discardableResult
    public mutating func add(_ calendar: ICalendarReader.Calendar, list: String) -> Int {
        let index: Int
        if let uid = calendar.listUID {
            index = listIndex(uid: uid, name: list, icon: calendar.icon)
        } else {
            index = addList(list, icon: calendar.icon)
        }
        if let id = calendar.listID, order[index] == nil { order[index] = id }
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

    /// The list with this uid: the one already met, else the list named `name` that has no uid
    /// yet (a vdir collection is named before its files are read), else a new one.
    private mutating func listIndex(uid: String, name: String, icon: Icon?) -> Int {
        if let found = positionsByUID[uid] { return found }
        let name = Blank.check(name) ? "Imported" : name
        let index: Int
        if let named = positions[name], lists[named].uid == nil {
            index = named
        } else {
            lists.append(ImportBatch.List(name: name))
            index = lists.count - 1
            if positions[name] == nil { positions[name] = index }
        }
        lists[index].uid = uid
        positionsByUID[uid] = index
        if lists[index].icon == .noIcon, let icon { lists[index].icon = icon }
        return index
    }

    /// The name a calendar file gives its list: X-WR-CALNAME, else `fallback` (the file's name).
    /// A blank X-WR-CALNAME counts as none (it named the list "Imported").
    public static func listName(_ data: Data, fallback: String) -> String {
        (try? ICalendarReader.read(data))?.name.flatMap { Blank.check($0) ? nil : $0 } ?? fallback
    }

    /// The batch to import: every list met, empty ones too.
    /// Lists exported by Checklists come in the order of their IDs there, the others after them.
    public var batch: ImportBatch {
        let ordered = lists.indices.sorted { a, b in
            let (x, y) = (order[a] ?? .max, order[b] ?? .max)
            return x != y ? x < y : a < b
        }
        return ImportBatch(lists: ordered.map { lists[$0] })
    }
}
