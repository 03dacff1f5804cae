import ChecklistsApp
import ChecklistsKit
import Localization

/// Add Checklist / Edit Checklist: the name and the icon (Enter on Icon opens the Icon Picker).
/// The app lock keeps it as it is (`DraftForm`).
final class ListFormScreen: DraftForm {
    enum Field: Int, CaseIterable { case name, icon }

    let editing: Checklist?
    var name: TextField
    var icon: Icon
    var focus = Field.name

    init(editing: Checklist?, app: TerminalApp) {
        self.editing = editing
        name = TextField(editing?.name ?? "")
        icon = editing?.icon ?? .noIcon
    }

    var parentListID: Int64? { nil }
    var title: String { editing == nil ? tr("Add Checklist") : tr("Edit Checklist") }
    var section: Section { .checklists }
    var capturesText: Bool { true }
    var hints: String {
        focus == .name
            ? tr("Enter Done  Esc Cancel  Tab/↓ icon")
            : tr("Enter/Space choose icon  d Done  Esc Cancel  ↑ name")
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let row = area.lowerBound + 1
        let (shown, column) = name.visible(width: max(2, canvas.width - 14))
        canvas.put(row, [label(tr("Name"), .name), Span(shown, .field)])
        if focus == .name { canvas.cursor = (row, 12 + column) }
        canvas.put(row + 2, [label(tr("Icon"), .icon), Span(app.glyphs.icon(icon) + "  " + icon.localizedName)])
        canvas.put(
            row + 4,
            [
                Span("  "), Span("[ " + tr("Done") + " ]", name.isBlank ? .dim : .bold), Span("   "),
                Span("[ " + tr("Cancel") + " ]"),
            ])
    }

    private func label(_ text: String, _ field: Field) -> Span {
        Span(CellWidth.fit((focus == field ? "› " : "  ") + text, to: 12), focus == field ? .bold : .normal)
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .escape: app.pop()
        case .tab, .backTab: focus = focus == .name ? .icon : .name
        case .down: focus = .icon
        case .up: focus = .name
        case .enter where focus == .name: done(app: app)
        case .character("d") where focus == .icon: done(app: app)
        case .enter, .character(" "):
            // Enter on the name was Done (above); Space there is a typed space.
            if focus == .name { name.handle(key) } else { pickIcon(app: app) }
        default:
            if focus == .name { name.handle(key) } else if key.is("q") { app.pop() }
        }
    }

    /// Opens the Icon Picker; its choice comes back here.
    private func pickIcon(app: TerminalApp) {
        app.push(IconPickerScreen(selected: icon) { [weak self] picked in self?.icon = picked })
    }

    /// Saves and closes; refuses while the name is empty.
    func done(app: TerminalApp) {
        guard !name.isBlank else {
            app.say(tr("Done is not available: the list needs a name."), alert: true)
            return
        }
        let saved: Checklist?
        if let editing {
            saved = app.perform(on: editing.name) {
                // Only what was changed here: a rename made elsewhere while the form was open stays.
                try app.session.editList(
                    id: editing.id, name: name.text == editing.name ? nil : name.text,
                    icon: icon == editing.icon ? nil : icon)
            }
        } else {
            saved = app.perform { try app.session.addList(name: name.text, icon: icon) }
        }
        guard let saved else { return }
        app.pop()
        if let lists = app.top as? ListsScreen, let index = lists.lists.firstIndex(where: { $0.id == saved.id }) {
            lists.scroller.selection = index
        }
    }
}
