import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// `/`: items of every list whose text contains what is typed; Enter opens the item's list.
final class SearchScreen: Screen {
    var query = TextField()
    var scroller = Scroller()
    /// Every item with its list, read once when the search opens.
    private var all: [(item: ChecklistItem, list: Checklist)] = []
    private(set) var results: [(item: ChecklistItem, list: Checklist)] = []

    init(app: TerminalApp) {
        let lists = app.perform { try app.session.lists() } ?? []
        for list in lists {
            for item in app.perform({ try app.session.items(in: list.id) }) ?? [] { all.append((item, list)) }
        }
        filter()
    }

    var title: String { tr("Search") }
    var section: Section { .checklists }
    var capturesText: Bool { true }
    var hints: String { tr("Type to search  ↑/↓ move  Enter open  Esc back") }

    private func filter() {
        let words = query.text
        results = words.isEmpty ? [] : all.filter { $0.item.text.localizedStandardContains(words) }
        scroller.setCount(results.count)
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let (shown, column) = query.visible(width: max(2, canvas.width - 6))
        canvas.put(area.lowerBound, [Span(" / ", .bold), Span(shown, .field)])
        canvas.cursor = (area.lowerBound, 3 + column)
        if !query.text.isEmpty {
            canvas.put(area.lowerBound + 1, "   " + trn("%d match", "%d matches", results.count), .dim)
        }
        let rows = (area.lowerBound + 2)..<area.upperBound
        for (offset, index) in scroller.visible(height: rows.count).enumerated() {
            let (item, list) = results[index]
            let isSelected = index == scroller.selection
            let head = " \(isSelected ? app.glyphs.pointer : " ") \(app.glyphs.checkbox(item.checked)) "
            // The list's name gives way to the item's text on a narrow terminal.
            let icon = "  " + app.glyphs.icon(list.icon) + " "
            let name = TerminalText.line(list.name)
            let nameRoom =
                CellWidth.detailRoom(
                    needed: CellWidth.of(icon) + min(20, CellWidth.of(name)),
                    of: canvas.width - CellWidth.of(head) - 1) - CellWidth.of(icon)
            let listName = nameRoom >= min(4, CellWidth.of(name)) ? icon + CellWidth.truncate(name, to: nameRoom) : ""
            let width = max(1, canvas.width - CellWidth.of(head) - CellWidth.of(listName) - 1)
            let text = CellWidth.fit(TerminalText.line(item.text), to: width)
            canvas.put(rows.lowerBound + offset, head + text + listName + " ", isSelected ? .selected : .normal)
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .escape: app.pop()
        case .up, .down, .pageUp, .pageDown: _ = scroller.handle(key, page: app.pageHeight)
        case .enter:
            guard results.indices.contains(scroller.selection) else { return }
            let (item, list) = results[scroller.selection]
            app.pop()
            app.showHome(reopenLast: false)
            app.perform { try app.session.setSetting(.checklistIndex, list.id) }
            let screen = ChecklistScreen(list: list, app: app)
            screen.select(itemID: item.id)
            app.push(screen)
        default:
            if query.handle(key) { filter() }
        }
    }
}
