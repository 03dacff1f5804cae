import ChecklistsKit
import Foundation

/// The JSON backup: everything a store holds, in a documented, versioned schema
/// (docs/BACKUP.md). Written the same way every time — keys sorted, objects by ID, times in UTC
/// to the second — so that export, import into an empty store and export again give the same bytes.
public enum Backup {
    /// The value of "format".
    public static let format = "checklists-backup"
    /// The schema version this program writes and the newest it reads.
    public static let version = 1

    /// The backup of `snapshot`, with the secret message when it is given.
    public static func encode(_ snapshot: StoreSnapshot, secret: String? = nil) throws -> Data {
        var itemsByList: [Int64: [BackupDocument.Item]] = [:]
        for item in snapshot.items {
            itemsByList[item.listID, default: []].append(
                BackupDocument.Item(
                    id: item.id, uid: item.uid, text: item.text, checked: item.checked,
                    due: item.dueDate.map(Timestamp.string), allDay: item.isAllDay ? true : nil,
                    remind: item.shouldRemind,
                    created: Timestamp.string(item.created), modified: Timestamp.string(item.modified)))
        }
        let document = BackupDocument(
            format: format, version: version,
            lists: snapshot.lists.map { list in
                BackupDocument.List(
                    id: list.id, uid: list.uid, name: list.name, icon: list.icon.rawValue,
                    created: Timestamp.string(list.created), modified: Timestamp.string(list.modified),
                    items: itemsByList[list.id] ?? [])
            },
            notes: snapshot.notes.map { note in
                BackupDocument.Note(
                    id: note.id, uid: note.uid, title: note.title, body: note.body,
                    created: Timestamp.string(note.created), modified: Timestamp.string(note.modified))
            },
            tombstones: snapshot.tombstones.map {
                BackupDocument.Tombstone(uid: $0.uid, kind: $0.kind.rawValue, deleted: Timestamp.string($0.deletedAt))
            },
            settings: snapshot.settings, secret: secret)
        // The bytes JSONEncoder gives with [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes].
        var bytes = BackupWriter.encode(document)
        bytes.append(10)
        return Data(bytes)
    }

    /// What a backup holds: the batch to restore and the secret message, if it has one.
    /// - Throws: `InterchangeError.badBackup` naming the first thing wrong, `.newerBackup`.
    public static func decode(_ data: Data) throws(InterchangeError) -> (batch: ImportBatch, secret: String?) {
        try decode(bytes: [UInt8](data))
    }

    /// What the backup in `bytes` holds (see `decode(_:)`); the bytes are read where they are.
    public static func decode(bytes: [UInt8]) throws(InterchangeError) -> (batch: ImportBatch, secret: String?) {
        // A byte order mark (a backup saved by Windows Notepad) is not part of the JSON: such a
        // backup was "not JSON" and could not be restored.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try decode(bytes: Array(bytes.dropFirst(3))) }
        guard bytes.withUnsafeBufferPointer(UTF8Check.isValid) else { throw .notUTF8 }
        // One pass over the whole document; only when it fails is the header read on its own, so
        // that a newer version or another format is named as such rather than as a schema error.
        let document: BackupDocument
        do throws(JSONProblem) { document = try BackupReader(bytes).document() } catch {
            let header: (format: String, version: Int)
            do throws(JSONProblem) { header = try BackupReader(bytes).header() } catch {
                throw .badBackup(error.description)
            }
            try check(format: header.format, version: header.version)
            throw .badBackup(error.description)
        }
        try check(format: document.format, version: document.version)
        return (try batch(document), document.secret)
    }

    private static func check(format found: String, version number: Int) throws(InterchangeError) {
        guard found == format else { throw .badBackup("\"format\" is not \"\(format)\"") }
        guard number <= version else { throw .newerBackup(found: number, supported: version) }
        guard number >= 1 else { throw .badBackup("\"version\" \(number) is not 1") }
    }

    private static func batch(_ document: BackupDocument) throws(InterchangeError) -> ImportBatch {
        var lists: [ImportBatch.List] = []
        for (n, list) in document.lists.enumerated() {
            let what = "lists[\(n)]"
            guard let icon = Icon(rawValue: list.icon) else {
                throw .badBackup("\(what).icon \"\(list.icon)\" is unknown")
            }
            var items: [ImportBatch.Item] = []
            items.reserveCapacity(list.items.count)
            for (m, item) in list.items.enumerated() {
                // Formatted only for a problem: 100,000 items made half a million strings.
                func at(_ field: String) -> String { "\(what).items[\(m)]\(field)" }
                // Checked in the order of the fields, so that the first thing wrong is named.
                let id = try identifier(item.id, at(".id"))
                let itemUID = try uid(item.uid, at(""))
                let due = try item.due.map { d throws(InterchangeError) in try Timestamp.date(d, at(".due")) }
                // An item never edited was modified when it was made: the time is read once.
                let created = try Timestamp.date(item.created, at(".created"))
                let modified =
                    item.modified == item.created ? created : try Timestamp.date(item.modified, at(".modified"))
                items.append(
                    ImportBatch.Item(
                        id: id, uid: itemUID, text: item.text, checked: item.checked, dueDate: due,
                        isAllDay: item.allDay == true, shouldRemind: item.remind, created: created, modified: modified))
            }
            lists.append(
                ImportBatch.List(
                    id: try identifier(list.id, what + ".id"), uid: try uid(list.uid, what), name: list.name,
                    icon: icon, created: try Timestamp.date(list.created, what + ".created"),
                    modified: try Timestamp.date(list.modified, what + ".modified"), items: items))
        }
        var notes: [ImportBatch.NoteEntry] = []
        for (n, note) in document.notes.enumerated() {
            let what = "notes[\(n)]"
            notes.append(
                ImportBatch.NoteEntry(
                    id: try identifier(note.id, what + ".id"), uid: try uid(note.uid, what), title: note.title,
                    body: note.body, created: try Timestamp.date(note.created, what + ".created"),
                    modified: try Timestamp.date(note.modified, what + ".modified")))
        }
        var tombstones: [Tombstone] = []
        for (n, grave) in document.tombstones.enumerated() {
            guard let kind = Tombstone.Kind(rawValue: grave.kind) else {
                throw .badBackup("tombstones[\(n)].kind \"\(grave.kind)\" is not list, item or note")
            }
            tombstones.append(
                Tombstone(
                    uid: try uid(grave.uid, "tombstones[\(n)]"), kind: kind,
                    deletedAt: try Timestamp.date(grave.deleted, "tombstones[\(n)].deleted")))
        }
        var settings: [String: Int64] = [:]
        for key in StoreSnapshot.settingKeys {
            guard let value = document.settings[key.rawValue] else { continue }
            if let allowed = key.allowedValues, !allowed.contains(value) {
                throw .badBackup(
                    "settings.\(key.rawValue) \(value) is out of range (\(allowed.lowerBound) to \(allowed.upperBound))"
                )
            }
            settings[key.rawValue] = value
        }
        let openID = settings[SettingKey.checklistIndex.rawValue]
        return ImportBatch(
            lists: lists, notes: notes, tombstones: tombstones, settings: settings,
            openList: lists.firstIndex { $0.id != nil && $0.id == openID }, isRestore: true)
    }

    /// An ID as the batch keeps it: nil (a fresh one on import) past 2^53, which a store reaches
    /// by adding to items and lists restored at 2^53 and then writes into its own backups.
    private static func identifier(_ id: Int64, _ what: @autoclosure () -> String) throws(InterchangeError) -> Int64? {
        guard id >= 0 else { throw .badBackup("\(what()) \(id) is out of range") }
        return id <= Int64(1) << 53 ? id : nil
    }

    private static func uid(_ uid: String, _ what: @autoclosure () -> String) throws(InterchangeError) -> String {
        // Printable ASCII (every uid Checklists makes) is checked byte by byte, anything else by
        // scalar. On the contiguous bytes: through `String.UTF8View` it cost 30 instructions a byte.
        var bytes = uid
        let plain = bytes.withUTF8 { $0.allSatisfy { (0x20..<0x7F).contains($0) } }
        guard !uid.isEmpty, uid.utf8.count <= 255, plain || !uid.unicodeScalars.contains(where: Todo.isControl) else {
            throw .badBackup("\(what()).uid is empty, longer than 255 bytes or has control characters")
        }
        return uid
    }
}
