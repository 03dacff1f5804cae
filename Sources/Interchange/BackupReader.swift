/// Reads a JSON backup (`BackupDocument`) with `JSONScanner`: each field is read as the type
/// the schema gives it, straight from the bytes. JSONDecoder built a tree of every value first
/// and took most of a second for 100,000 items. Unknown keys are skipped; a missing required
/// key or a value of the wrong type is a `JSONProblem` with its path ("lists[0].items[3].id").
struct BackupReader {
    private let scanner: JSONScanner

    init(_ bytes: [UInt8]) {
        scanner = JSONScanner(bytes)
    }

    /// The whole document.
    func document() throws(JSONProblem) -> BackupDocument {
        var format: String?
        var version: Int64?
        var lists: [BackupDocument.List]?
        var notes: [BackupDocument.Note]?
        var tombstones: [BackupDocument.Tombstone]?
        var settings: [String: Int64]?
        var secret: String?
        try scanner.object { key throws(JSONProblem) in
            switch key {
            case "format": format = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case "version": version = try field(key) { () throws(JSONProblem) in try scanner.integer() }
            case "lists": lists = try field(key) { () throws(JSONProblem) in try array(list) }
            case "notes": notes = try field(key) { () throws(JSONProblem) in try array(note) }
            case "tombstones": tombstones = try field(key) { () throws(JSONProblem) in try array(tombstone) }
            case "settings": settings = try field(key) { () throws(JSONProblem) in try integers() }
            case "secret": secret = try field(key) { () throws(JSONProblem) in try scanner.optionalString() }
            default: try scanner.skip()
            }
        }
        try scanner.finish()
        return BackupDocument(
            format: try required(format, "format"), version: Int(clamping: try required(version, "version")),
            lists: try required(lists, "lists"), notes: try required(notes, "notes"),
            tombstones: try required(tombstones, "tombstones"), settings: try required(settings, "settings"),
            secret: secret)
    }

    /// Only "format" and "version", everything else skipped: read when the document fails, so
    /// that a newer version or another format is named as such.
    func header() throws(JSONProblem) -> (format: String, version: Int) {
        var format: String?
        var version: Int64?
        try scanner.object { key throws(JSONProblem) in
            switch key {
            case "format": format = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case "version": version = try field(key) { () throws(JSONProblem) in try scanner.integer() }
            default: try scanner.skip()
            }
        }
        try scanner.finish()
        return (try required(format, "format"), Int(clamping: try required(version, "version")))
    }

    private func list() throws(JSONProblem) -> BackupDocument.List {
        var id: Int64?
        var uid: String?
        var name: String?
        var icon: String?
        var created: String?
        var modified: String?
        var items: [BackupDocument.Item]?
        let keys: [StaticString] = ["id", "uid", "name", "icon", "created", "modified", "items"]
        try scanner.object(keys: keys) { match throws(JSONProblem) in
            guard let match else { return try scanner.skip() }
            let key = keys[match]
            switch match {
            case 0: id = try field(key) { () throws(JSONProblem) in try scanner.integer() }
            case 1: uid = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case 2: name = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case 3: icon = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case 4: created = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case 5: modified = try field(key) { () throws(JSONProblem) in try scanner.string(sameAs: created) }
            default: items = try field(key) { () throws(JSONProblem) in try array(item) }
            }
        }
        return BackupDocument.List(
            id: try required(id, "id"), uid: try required(uid, "uid"), name: try required(name, "name"),
            icon: try required(icon, "icon"), created: try required(created, "created"),
            modified: try required(modified, "modified"), items: try required(items, "items"))
    }

    private func item() throws(JSONProblem) -> BackupDocument.Item {
        var id: Int64?
        var uid: String?
        var text: String?
        var checked: Bool?
        var due: String?
        var allDay: Bool?
        var remind: Bool?
        var created: String?
        var modified: String?
        // In the order a backup writes them, which is the order they are tried in ("allDay" is
        // absent from most items and from backups made before it existed).
        let keys: [StaticString] = ["allDay", "checked", "created", "due", "id", "modified", "remind", "text", "uid"]
        try scanner.object(keys: keys) { match throws(JSONProblem) in
            guard let match else { return try scanner.skip() }
            let key = keys[match]
            switch match {
            case 0: allDay = try field(key) { () throws(JSONProblem) in try scanner.bool() }
            case 1: checked = try field(key) { () throws(JSONProblem) in try scanner.bool() }
            case 2: created = try field(key) { () throws(JSONProblem) in try scanner.string() }
            case 3: due = try field(key) { () throws(JSONProblem) in try scanner.optionalString() }
            case 4: id = try field(key) { () throws(JSONProblem) in try scanner.integer() }
            case 5: modified = try field(key) { () throws(JSONProblem) in try scanner.string(sameAs: created) }
            case 6: remind = try field(key) { () throws(JSONProblem) in try scanner.bool() }
            case 7: text = try field(key) { () throws(JSONProblem) in try scanner.string() }
            default: uid = try field(key) { () throws(JSONProblem) in try scanner.string() }
            }
        }
        return BackupDocument.Item(
            id: try required(id, "id"), uid: try required(uid, "uid"), text: try required(text, "text"),
            checked: try required(checked, "checked"), due: due, allDay: allDay,
            remind: try required(remind, "remind"),
            created: try required(created, "created"), modified: try required(modified, "modified"))
    }

    private func note() throws(JSONProblem) -> BackupDocument.Note {
        var fields: [String: String] = [:]
        var id: Int64?
        try scanner.object { key throws(JSONProblem) in
            switch key {
            case "id": id = try field(key) { () throws(JSONProblem) in try scanner.integer() }
            case "uid", "title", "body", "created", "modified":
                fields[key] = try field(key) { () throws(JSONProblem) in try scanner.string() }
            default: try scanner.skip()
            }
        }
        return BackupDocument.Note(
            id: try required(id, "id"), uid: try required(fields["uid"], "uid"),
            title: try required(fields["title"], "title"), body: try required(fields["body"], "body"),
            created: try required(fields["created"], "created"), modified: try required(fields["modified"], "modified"))
    }

    private func tombstone() throws(JSONProblem) -> BackupDocument.Tombstone {
        var fields: [String: String] = [:]
        try scanner.object { key throws(JSONProblem) in
            switch key {
            case "uid", "kind", "deleted":
                fields[key] = try field(key) { () throws(JSONProblem) in try scanner.string() }
            default: try scanner.skip()
            }
        }
        return BackupDocument.Tombstone(
            uid: try required(fields["uid"], "uid"), kind: try required(fields["kind"], "kind"),
            deleted: try required(fields["deleted"], "deleted"))
    }

    /// An object of integers ("settings").
    private func integers() throws(JSONProblem) -> [String: Int64] {
        var values: [String: Int64] = [:]
        try scanner.object { key throws(JSONProblem) in
            values[key] = try field(key) { () throws(JSONProblem) in try scanner.integer() }
        }
        return values
    }

    private func array<T>(_ element: () throws(JSONProblem) -> T) throws(JSONProblem) -> [T] {
        var values: [T] = []
        try scanner.array { index throws(JSONProblem) in
            do throws(JSONProblem) { values.append(try element()) } catch { throw error.inside("[\(index)]") }
        }
        return values
    }

    /// Reads a field's value, naming the field in a problem found inside it.
    private func field<T>(_ key: String, _ read: () throws(JSONProblem) -> T) throws(JSONProblem) -> T {
        do throws(JSONProblem) { return try read() } catch { throw error.inside(key) }
    }

    /// Reads a field's value, naming the field (one of the schema's keys) in a problem found inside it.
    private func field<T>(_ key: StaticString, _ read: () throws(JSONProblem) -> T) throws(JSONProblem) -> T {
        do throws(JSONProblem) { return try read() } catch { throw error.inside(key.description) }
    }

    private func required<T>(_ value: T?, _ key: String) throws(JSONProblem) -> T {
        guard let value else { throw JSONProblem(kind: .missing(key)) }
        return value
    }
}
