import ChecklistsKit
import Foundation

/// `lists --json` element: {"id","uid","name","icon","remaining","total","status","created","modified"}.
struct ListJSON: Encodable {
    let id: Int64
    let uid: String
    let name: String
    let icon: String
    let remaining: Int
    let total: Int
    let status: String
    let created: String
    let modified: String

    init(_ list: Checklist) {
        id = list.id
        uid = list.uid
        created = DueDate.iso8601(list.created)
        modified = DueDate.iso8601(list.modified)
        name = list.name
        icon = list.icon.name
        remaining = list.remaining
        total = list.total
        status = list.status.text
    }
}

/// `items --json` element: {"id","uid","list","text","checked","due","remind","created","modified"};
/// due is ISO 8601 or null.
struct ItemJSON: Encodable {
    let id: Int64
    let uid: String
    let list: Int64
    let text: String
    let checked: Bool
    let due: String?
    let remind: Bool
    let created: String
    let modified: String

    init(_ item: ChecklistItem) {
        id = item.id
        uid = item.uid
        created = DueDate.iso8601(item.created)
        modified = DueDate.iso8601(item.modified)
        list = item.listID
        text = item.text
        checked = item.checked
        due = item.dueDate.map { DueDate.iso8601($0) }
        remind = item.shouldRemind
    }

    enum CodingKeys: CodingKey { case id, uid, list, text, checked, due, remind, created, modified }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(uid, forKey: .uid)
        try c.encode(list, forKey: .list)
        try c.encode(text, forKey: .text)
        try c.encode(checked, forKey: .checked)
        try c.encode(due, forKey: .due)  // null rather than absent
        try c.encode(remind, forKey: .remind)
        try c.encode(created, forKey: .created)
        try c.encode(modified, forKey: .modified)
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
