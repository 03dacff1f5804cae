import ChecklistsKit
import Foundation
import Interchange

/// libFuzzer target: the iCalendar reader (`ICalendarReader.read`). Any input gives to-dos or
/// an `InterchangeError`; every to-do read, written again as a VTODO, reads back with the
/// same text, uid, due date and checkmark (escaping and folding are exact).
let utc = TimeZone(identifier: "UTC") ?? .current

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICS(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let calendar = try? ICalendarReader.read(Data(bytes: data, count: size), timeZone: utc) else { return 0 }
    for todo in calendar.todos where !todo.text.contains("\r") {
        let item = ChecklistItem(
            id: todo.id ?? 0, uid: todo.uid ?? "uid", listID: 1, text: todo.text, checked: todo.checked,
            dueDate: todo.dueDate, shouldRemind: todo.shouldRemind)
        let text = ICalendarWriter.calendar(item, icon: .noIcon)
        guard let again = try? ICalendarReader.read(Data(text.utf8), timeZone: utc).todos.first else {
            fatalError("our own VTODO does not read back: \(text.debugDescription)")
        }
        if again.text != item.text || again.uid != item.uid || again.checked != item.checked
            || again.dueDate != item.dueDate
        {
            fatalError("round trip changed the to-do: \(item) → \(again)")
        }
    }
    return 0
}
