import ChecklistsKit
import Foundation

/// A store's content as JSON, and a fresh store rebuilt from it: the "fresh store of the same
/// content" that a store with a long history is compared against.
enum BenchDump {
    struct List: Codable {
        var name: String
        var icon: String
        var items: [Item]
    }

    struct Item: Codable {
        var id: Int64
        var text: String
        var checked: Bool
        /// Seconds since 1970, or nil.
        var due: Double?
        var remind: Bool
    }

    /// Writes every list (in ID order) with its items (in the order added) to standard output.
    static func write(from store: ChecklistStore) throws {
        let lists = try store.checklists().sorted { $0.id < $1.id }.map { list in
            List(
                name: list.name, icon: list.icon.rawValue,
                items: try store.items(in: list.id).map {
                    Item(
                        id: $0.id, text: $0.text, checked: $0.checked, due: $0.dueDate?.timeIntervalSince1970,
                        remind: $0.shouldRemind)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(lists))
    }

    /// Replaces the lists of `store` (a fresh one holds only the first-run "List") with a dump's.
    static func load(file: String, into store: ChecklistStore) throws {
        let lists = try JSONDecoder().decode([List].self, from: Data(contentsOf: URL(fileURLWithPath: file)))
        for list in try store.checklists() { _ = try store.deleteChecklist(id: list.id) }
        for list in lists {
            let items = list.items.map {
                NewItem(
                    text: $0.text, checked: $0.checked, dueDate: $0.due.map(Date.init(timeIntervalSince1970:)),
                    shouldRemind: $0.remind)
            }
            try store.addChecklist(name: list.name, icon: Icon(rawValue: list.icon) ?? .noIcon, items: items)
        }
    }
}
