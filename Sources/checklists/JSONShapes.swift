import ChecklistsKit
import Foundation

/// `lists --json` element: {"id","name","icon","remaining","total","status"}.
struct ListJSON: Encodable {
    let id: Int64
    let name: String
    let icon: String
    let remaining: Int
    let total: Int
    let status: String

    init(_ list: Checklist) {
        id = list.id
        name = list.name
        icon = list.icon.name
        remaining = list.remaining
        total = list.total
        status = list.status.text
    }
}

/// `items --json` element: {"id","list","text","checked","due","remind"}; due is ISO 8601 or null.
struct ItemJSON: Encodable {
    let id: Int64
    let list: Int64
    let text: String
    let checked: Bool
    let due: String?
    let remind: Bool

    init(_ item: ChecklistItem) {
        id = item.id
        list = item.listID
        text = item.text
        checked = item.checked
        due = item.dueDate.map { DueDate.iso8601($0) }
        remind = item.shouldRemind
    }

    enum CodingKeys: CodingKey { case id, list, text, checked, due, remind }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(list, forKey: .list)
        try c.encode(text, forKey: .text)
        try c.encode(checked, forKey: .checked)
        try c.encode(due, forKey: .due)  // null rather than absent
        try c.encode(remind, forKey: .remind)
    }
}

/// `icons --json` element: {"name","glyph"}.
struct IconJSON: Encodable {
    let name: String
    let glyph: String
}

/// `items --json` without `--flat`: the list and its items.
struct ListItemsJSON: Encodable {
    let list: ListJSON
    let items: [ItemJSON]
}
