import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization

/// Add Item / Edit Item: the text, "Remind Me", the due date and "All Day" (the day alone, due
/// at the all-day hour). Done is dimmed and refuses while the text is empty; Esc (Cancel)
/// discards. The app lock keeps it as it is (`DraftForm`).
final class ItemFormScreen: DraftForm {
    enum Field: Int, CaseIterable { case text, remind, due, allDay }

    let listID: Int64
    /// The list's name as the form opened, for saying it was deleted meanwhile.
    let listName: String
    let editing: ChecklistItem?
    var text: TextField
    var remind: Bool
    var due: DueDateField
    /// Whether the due date is a day alone: the picker shows the day only, and Done saves it at
    /// the all-day hour.
    var allDay: Bool
    var focus = Field.text

    init(list: Checklist, editing: ChecklistItem?, app: TerminalApp) {
        listID = list.id
        listName = list.name
        self.editing = editing
        text = TextField(editing?.text ?? "")
        remind = editing?.shouldRemind ?? false
        due = DueDateField(date: editing?.dueDate, timeZone: app.timeZone)
        allDay = editing?.isAllDay ?? false
    }

    var parentListID: Int64? { listID }
    var title: String { editing == nil ? tr("Add Item") : tr("Edit Item") }
    var section: Section { .checklists }
    var capturesText: Bool { true }
    var hints: String {
        switch focus {
        case .text: tr("Enter Done  Esc Cancel  Tab/↓ next field")
        case .remind, .allDay: tr("Space switch  Enter Done  Esc Cancel  Tab next")
        case .due: tr("←/→ part  ↑/↓ change  Space set/clear  Enter Done  Esc Cancel")
        }
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        var row = area.lowerBound + 1
        let (shown, column) = text.visible(width: max(2, canvas.width - 14))
        canvas.put(row, [label(tr("Text"), .text), Span(shown, .field)])
        if focus == .text { canvas.cursor = (row, 12 + column) }
        row += 2
        canvas.put(row, [label(tr("Remind Me"), .remind), Span(app.glyphs.toggle(remind))])
        row += 2
        var dueSpans = [label(tr("Due Date"), .due)]
        if let date = due.date {
            dueSpans.append(Span(app.dateText(date, allDay: allDay)))
        } else {
            dueSpans.append(Span(tr("None"), .dim))
        }
        canvas.put(row, dueSpans)
        row += 1
        if due.date != nil {
            var picker = [Span(String(repeating: " ", count: 12))]
            // All day: the year, month and day only.
            for (index, part) in due.parts.prefix(allDay ? 3 : 5).enumerated() {
                let isSelected = focus == .due && index == due.part.rawValue
                picker.append(Span(isSelected ? "[" + part + "]" : " " + part + " ", isSelected ? .selected : .normal))
                picker.append(Span(index == 2 ? "   " : index == 3 ? ":" : index < 2 ? "-" : ""))
            }
            canvas.put(row, picker)
        }
        row += 2
        canvas.put(row, [label(tr("All Day"), .allDay), Span(app.glyphs.toggle(allDay && due.date != nil))])
        row += 2
        let blank = text.isBlank
        canvas.put(
            row,
            [
                Span("  "), Span("[ " + tr("Done") + " ]", blank ? .dim : .bold), Span("   "),
                Span("[ " + tr("Cancel") + " ]"),
            ])
    }

    private func label(_ text: String, _ field: Field) -> Span {
        let marker = focus == field ? "› " : "  "
        return Span(CellWidth.fit(marker + text, to: 12), focus == field ? .bold : .normal)
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .escape: app.pop()
        case .enter: done(app: app)
        case .tab: focus = Field(rawValue: (focus.rawValue + 1) % Field.allCases.count) ?? .text
        case .backTab:
            focus = Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count) ?? .text
        case .down where focus != .due: focus = Field(rawValue: focus.rawValue + 1) ?? focus
        case .up where focus != .due: focus = Field(rawValue: max(0, focus.rawValue - 1)) ?? focus
        default:
            switch focus {
            case .text: text.handle(key)
            case .remind: if key == .character(" ") { remind.toggle() }
            case .due:
                // All day: the picker stops at the day.
                if allDay, key == .right, due.part == .day { return }
                _ = due.handle(key)
            case .allDay:
                guard key == .character(" ") else { return }
                // A day is needed to be all-day: the picker's starting point when none is set.
                if due.date == nil {
                    _ = due.handle(.character(" "))
                    allDay = true
                } else {
                    allDay.toggle()
                }
                if allDay, due.part.rawValue > DueDateField.Part.day.rawValue { due.part = .day }
            }
        }
    }

    /// Saves (edits in place, never a copy) and closes; refuses while the text is empty.
    func done(app: TerminalApp) {
        guard !text.isBlank else {
            app.say(tr("Done is not available: the item needs some text."), alert: true)
            return
        }
        let isAllDay = allDay && due.date != nil
        // A day alone is due at the all-day hour, as one typed is.
        let date =
            isAllDay
            ? due.date.map { DueDate.allDay(onDayOf: $0, hour: app.session.allDayHour, timeZone: app.timeZone) }
            : due.date
        let saved: ChecklistItem?
        if let editing {
            saved = app.perform(on: editing.text) {
                try app.session.editItem(
                    id: editing.id,
                    ItemChanges(
                        editing: editing, text: text.text, dueDate: date, isAllDay: isAllDay, shouldRemind: remind))
            }
        } else {
            saved = app.perform(on: listName) {
                try app.session.addItem(
                    NewItem(text: text.text, dueDate: date, isAllDay: isAllDay, shouldRemind: remind), to: listID)
            }
        }
        guard let saved else { return }
        app.pop()
        (app.top as? ChecklistScreen)?.select(itemID: saved.id)
    }
}
