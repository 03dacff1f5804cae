import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// `search TEXT`: the items of every checklist whose text contains TEXT, under their lists (the
/// desktop app's and the terminal UI's Search).
enum SearchCommand {
    static let all: [Command] = [
        Command(path: ["search"]) { context in
            let text = try context.rest(from: 0, "TEXT")
            let session = try context.content()
            let found = try session.searchItems(text)
            guard !found.isEmpty else {
                throw CLIError.refused(tr("No item contains “%@”.", TerminalText.line(text)))
            }
            if found.contains(where: { $0.item.dueDate != nil }) { _ = try context.session.timeZone() }
            if context.json {
                try context.output.json(found.map { ItemJSON($0.item) })
                return
            }
            let idWidth = found.map { String($0.item.id).count }.max() ?? 1
            let dates = DueDate.Display(locale: context.locale.time)
            let now = Date()
            var shownList: Int64?
            for (item, list) in found {
                if list.id != shownList {
                    context.output.line("\(list.icon.glyph) \(TerminalText.line(list.name))")
                    shownList = list.id
                }
                context.output.line(
                    ItemCommands.line(for: item, idWidth: idWidth, dates: dates),
                    style: ItemCommands.style(of: item, now: now))
            }
        }
    ]
}
