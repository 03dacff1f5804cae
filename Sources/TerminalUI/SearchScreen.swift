import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// `/`: items of every list whose text contains what is typed; Enter opens the item's list.
final class SearchScreen: Screen {
    var query = TextField()
    var scroller = Scroller()
    /// Every item with its list: read when the search opens, and a list's again when another
    /// process changes it (a deleted list's items stayed in the results, and Enter opened it).
    private var all: [(item: ChecklistItem, list: Checklist)] = []
    /// The items read so far, by list.
    private var itemsByList: [Int64: [ChecklistItem]] = [:]
    private(set) var results: [(item: ChecklistItem, list: Checklist)] = []
    /// The queries typed since `all` was read, each with the indices in `all` of its matches:
    /// a query that adds to one of them searches only that one's matches (typing a word on
    /// 100,000 items searched every item again at each key).
    private var narrowed: [(query: String, matches: [Int])] = []

    init(app: TerminalApp) {
        load(listIDs: nil, app: app)
    }

    var title: String { tr("Search") }
    var section: Section { .checklists }
    var capturesText: Bool { true }
    var hints: String { tr("Type to search  ↑/↓ move  Enter open  Esc back") }

    private func filter() {
        let selectedID = results.indices.contains(scroller.selection) ? results[scroller.selection].item.id : nil
        let words = query.text
        let base = narrowed.last { words.hasPrefix($0.query) }
        let candidates = base?.matches ?? Array(all.indices)
        let matches = words.isEmpty ? [] : candidates.filter { all[$0].item.text.localizedStandardContains(words) }
        if !words.isEmpty, base?.query != words { narrowed.append((words, matches)) }
        if narrowed.count > 64 { narrowed.removeFirst(narrowed.count - 64) }
        results = matches.map { all[$0] }
        scroller.setCount(results.count)
        if let selectedID, let index = results.firstIndex(where: { $0.item.id == selectedID }) {
            scroller.selection = index
        }
    }

    /// Reads the lists, and the items of `listIDs` (nil: of every list) again.
    private func load(listIDs: Set<Int64>?, app: TerminalApp) {
        guard let lists = app.perform({ try app.session.lists() }) else { return }
        var fresh: [Int64: [ChecklistItem]] = [:]
        for list in lists {
            if let kept = itemsByList[list.id], let listIDs, !listIDs.contains(list.id) {
                fresh[list.id] = kept
            } else {
                fresh[list.id] = app.perform { try app.session.items(in: list.id) } ?? []
            }
        }
        itemsByList = fresh
        all = lists.flatMap { list in (fresh[list.id] ?? []).map { (item: $0, list: list) } }
        narrowed = []
        filter()
    }

    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        switch change {
        case .listsChanged(let ids): load(listIDs: ids, app: app)
        case .itemsChanged(let ids): load(listIDs: ids.isEmpty ? nil : ids, app: app)
        default: break
        }
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
            let (item, shown) = results[scroller.selection]
            // Deleted by another process a moment ago (its change not seen yet): not opened.
            guard let found = app.perform({ try app.session.withStore { try $0.checklist(id: shown.id) } }) else {
                return
            }
            guard let list = found else {
                app.say(ChecklistsError.listNotFound(TerminalText.line(shown.name)).description, alert: true)
                load(listIDs: [shown.id], app: app)
                return
            }
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
