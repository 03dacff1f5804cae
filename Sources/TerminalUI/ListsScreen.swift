import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// Checklists: every list with its icon, name and status, sorted as the CLI sorts.
final class ListsScreen: Screen {
    private(set) var lists: [Checklist] = []
    var scroller = Scroller()

    init(app: TerminalApp) {
        reload(app: app)
    }

    var title: String { tr("Checklists") }
    var section: Section { .checklists }
    var hints: String { tr("Enter open  a add  e edit  d delete  / search  Tab sections  q quit") }

    func reload(app: TerminalApp) {
        let selectedID = lists.indices.contains(scroller.selection) ? lists[scroller.selection].id : nil
        lists = app.perform { try app.session.lists() } ?? lists
        scroller.setCount(lists.count)
        if let selectedID, let index = lists.firstIndex(where: { $0.id == selectedID }) { scroller.selection = index }
    }

    var selected: Checklist? { lists.indices.contains(scroller.selection) ? lists[scroller.selection] : nil }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        guard !lists.isEmpty else {
            canvas.put(area.lowerBound + 1, "   " + tr("No checklists. Press a to add one."), .dim)
            return
        }
        let width = canvas.width
        for (offset, index) in scroller.visible(height: area.count).enumerated() {
            let list = lists[index]
            let status = list.status.localizedText
            let mark = index == scroller.selection ? app.glyphs.pointer : " "
            let head = " \(mark) \(app.glyphs.icon(list.icon))  "
            let nameWidth = max(1, width - CellWidth.of(head) - CellWidth.of(status) - 3)
            let name = CellWidth.fit(TerminalText.line(list.name), to: nameWidth)
            let style: Style = index == scroller.selection ? .selected : .normal
            canvas.put(area.lowerBound + offset, [Span(head + name + "  " + status + " ", style)])
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        switch key {
        case .enter, .right, .character("l"):
            guard let list = selected else { return }
            app.perform { try app.session.setSetting(.checklistIndex, list.id) }
            app.push(ChecklistScreen(list: list, app: app))
        case .character("a"): app.push(ListFormScreen(editing: nil, app: app))
        case .character("e"):
            guard let list = selected else { return }
            app.push(ListFormScreen(editing: list, app: app))
        case .character("d"):
            guard let list = selected else { return }
            confirmDelete(list, app: app)
        case _ where key.isBack: app.quit()
        default: break
        }
    }

    /// Asks before deleting, saying how many items and reminders go with the list.
    private func confirmDelete(_ list: Checklist, app: TerminalApp) {
        guard let items = app.perform({ try app.session.items(in: list.id) }) else { return }
        let now = Date()
        let reminders = items.filter { $0.remindsAfter(now) }.count
        let question = tr(
            "Delete “%@”? %@ and %@ go with it.", ConfirmScreen.shortened(list.name),
            trn("%d item", "%d items", items.count), trn("%d reminder", "%d reminders", reminders))
        app.push(
            ConfirmScreen(question: question) { app in
                guard app.perform({ try app.session.deleteList(id: list.id) }) != nil else { return }
                app.undo = .list(list, items)
                app.sayDeleted(list.name)
                self.reload(app: app)
            })
    }

    func refresh(_ change: ChangeEvent, app: TerminalApp) {
        // Under another screen it reloads when it shows again (`reappeared`).
        guard app.top === self else { return }
        switch change {
        case .listsChanged, .itemsChanged: reload(app: app)
        default: break
        }
    }

    func reappeared(app: TerminalApp) {
        reload(app: app)
    }
}
