import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import InputReading
import Localization
import TerminalText

/// `lists`, `list add|edit|delete`, `icons`: the overview of checklists.
enum ChecklistCommands {
    static let all: [Command] = [
        Command(path: ["lists"]) { try printOverview(&$0) },
        Command(path: ["list", "add"]) { context in
            let name = try StandardInput.resolve(try context.rest(from: 0, "NAME"))
            let icon = try icon(context.arguments["--icon"]) ?? .noIcon
            let list = try context.content().addList(name: name, icon: icon)
            try show(list, added: true, &context)
        },
        Command(path: ["list", "edit"]) { context in
            let reference = try context.rest(from: 0, "LIST")
            let newIcon = try icon(context.arguments["--icon"])
            let newName = try context.arguments["--name"].map(StandardInput.resolve)
            guard newName != nil || newIcon != nil else {
                throw CLIError.usage(tr("nothing to change: give --name or --icon"))
            }
            if let newName, newName.trimmingCharacters(in: .whitespaces).isEmpty { throw ChecklistsError.emptyListName }
            let session = try context.content()
            let list = try session.list(reference)
            try show(try session.editList(id: list.id, name: newName, icon: newIcon), added: false, &context)
        },
        Command(path: ["list", "delete"]) { context in
            let session = try context.content()
            let list = try session.list(try context.rest(from: 0, "LIST"))
            let (deleted, items) = try session.deleteListAndItems(id: list.id)
            let name = TerminalText.line(deleted.name)
            try context.show(
                ListJSON(deleted),
                [trn("Deleted \"%2$@\" and its %1$d item.", "Deleted \"%2$@\" and its %1$d items.", items.count, name)])
        },
        Command(path: ["icons"], touchesContent: false) { context in
            try context.show(Icon.allCases.map(IconJSON.init), Icon.allCases.map { "\($0.glyph)  \($0.name)" })
        },
    ]

    /// Prints every list, sorted by name in the user's locale.
    static func printOverview(_ context: inout Context) throws {
        let lists = try context.content().lists()
        if context.json {
            try context.output.json(lists.map(ListJSON.init))
            return
        }
        if lists.isEmpty {
            context.output.line(tr("No checklists. Add one with: checklists list add NAME"))
            return
        }
        let idWidth = lists.map { String($0.id).count }.max() ?? 1
        let names = lists.map { TerminalText.line($0.name) }
        let nameWidth = names.map { TextWidth.of($0, upTo: 40) }.max() ?? 0
        for (list, name) in zip(lists, names) {
            let id = TextWidth.rightAligned(list.id, to: idWidth)
            context.output.line(
                "\(id)  \(TextWidth.pad(list.icon.glyph, to: 2))  \(TextWidth.pad(name, to: nameWidth))  \(list.status.localizedText)"
            )
        }
    }

    /// Prints the list just added (`added`) or saved.
    static func show(_ list: Checklist, added: Bool, _ context: inout Context) throws {
        let (glyph, name, icon) = (list.icon.glyph, TerminalText.line(list.name), list.icon.localizedName)
        try context.show(
            ListJSON(list),
            [
                added
                    ? tr("Added list %d: %@ %@ (%@)", list.id, glyph, name, icon)
                    : tr("Saved list %d: %@ %@ (%@)", list.id, glyph, name, icon)
            ])
    }

    static func icon(_ name: String?) throws -> Icon? {
        guard let name else { return nil }
        guard let icon = Icon(named: name) else { throw ChecklistsError.unknownIcon(name) }
        return icon
    }
}
