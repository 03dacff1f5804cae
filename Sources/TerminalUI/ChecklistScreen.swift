import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// Checklist: one list's items, checkmark on the left, then text, due date and bell.
final class ChecklistScreen: Screen {
    private(set) var list: Checklist
    private(set) var items: [ChecklistItem] = []
    var scroller = Scroller()

    init(list: Checklist, app: TerminalApp) {
        self.list = list
        reload(app: app)
    }

    var title: String { title(width: .max) }

    /// The list's name and status; a long name is cut so that the status still shows.
    func title(width: Int) -> String {
        let status = "  (" + list.status.localizedText + ")"
        return CellWidth.truncate(TerminalText.line(list.name), to: max(1, width - CellWidth.of(status))) + status
    }
    var section: Section { .checklists }
    var hints: String { tr("Space check  a add  e edit  d delete  u undo  / search  q back") }

    var selected: ChecklistItem? { items.indices.contains(scroller.selection) ? items[scroller.selection] : nil }

    /// Refetches the list and its items (after another process changed them).
    func reload(app: TerminalApp) {
        let selectedID = selected?.id
        guard
            let fresh = app.perform({ try app.session.withStore { try $0.checklist(id: list.id) } })
        else { return }
        guard let fresh else {
            // Deleted elsewhere: back to the lists, saying why the screen went.
            if app.top === self {
                app.pop()
                app.sayDeletedElsewhere(list.name)
            }
            return
        }
        list = fresh
        items = app.perform { try app.session.items(in: list.id) } ?? items
        scroller.setCount(items.count)
        if let selectedID, let index = items.firstIndex(where: { $0.id == selectedID }) { scroller.selection = index }
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        guard !items.isEmpty else {
            canvas.put(area.lowerBound + 1, "   " + tr("No items. Press a to add one."), .dim)
            return
        }
        for (offset, index) in scroller.visible(height: area.count).enumerated() {
            let item = items[index]
            let isSelected = index == scroller.selection
            canvas.put(area.lowerBound + offset, row(item, selected: isSelected, width: canvas.width, app: app))
        }
    }

    /// " › [✓] Buy milk                      Dec 1, 2026 at 9:00 AM 🔔". On a narrow terminal the
    /// date gives way to the text (Edit Item shows it); the bell stays.
    private func row(_ item: ChecklistItem, selected: Bool, width: Int, app: TerminalApp) -> [Span] {
        let head = " \(selected ? app.glyphs.pointer : " ") \(app.glyphs.checkbox(item.checked)) "
        let bell = item.shouldRemind ? " " + app.glyphs.bell : ""
        var tail = bell + " "
        if let due = item.dueDate {
            let dated = "  " + app.dateText(due, allDay: item.isAllDay) + (bell.isEmpty ? "   " : bell) + " "
            let room = width - CellWidth.of(head)
            if CellWidth.detailRoom(needed: CellWidth.of(dated), of: room) == CellWidth.of(dated) { tail = dated }
        }
        let textWidth = max(1, width - CellWidth.of(head) - CellWidth.of(tail))
        let text = CellWidth.fit(TerminalText.line(item.text), to: textWidth)
        let style: Style = selected ? .selected : (item.checked ? .dim : .normal)
        return [Span(head + text + tail, style)]
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        switch key {
        case .character(" "), .character("x"):
            // Sets the check the row does not show (as the desktop app's click does): flipping the
            // stored state unchecked an item another process had just checked, before its change
            // showed here, when the user pressed Space to check it.
            guard let item = selected,
                let toggled = app.perform({ try app.session.setChecked(id: item.id, !item.checked) })
            else { return }
            items[scroller.selection] = toggled
            list.remaining += toggled.checked ? -1 : 1
        case .character("a"): app.push(ItemFormScreen(list: list, editing: nil, app: app))
        case .character("e"), .enter:
            guard let item = selected else { return }
            app.push(ItemFormScreen(list: list, editing: item, app: app))
        case .character("d"), .delete:
            guard let item = selected, app.perform({ try app.session.deleteItem(id: item.id) }) != nil else { return }
            app.undo = .item(item)
            items.remove(at: scroller.selection)
            scroller.setCount(items.count)
            list.total -= 1
            if !item.checked { list.remaining -= 1 }
            app.sayDeleted(item.text)
        case .left, .character("h"), .character("q"), .escape:
            app.perform { try app.session.setSetting(.checklistIndex, -1) }
            app.pop()
        default: break
        }
    }

    /// Shows `itemID` selected (from search, or after an add).
    func select(itemID: Int64) {
        if let index = items.firstIndex(where: { $0.id == itemID }) { scroller.selection = index }
    }

    /// Another process's change (the UI's own writes are not reported back: it shows them as it
    /// makes them, see `TerminalUI.run`).
    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        // Under another screen it reloads when it shows again (`reappeared`).
        guard app.top === self else { return }
        switch change {
        case .itemsChanged(let ids) where ids.contains(list.id) || ids.isEmpty: reload(app: app)
        case .listsChanged(let ids) where ids.contains(list.id) || ids.isEmpty: reload(app: app)
        default: break
        }
    }

    func reappeared(app: TerminalApp) {
        reload(app: app)
    }
}
