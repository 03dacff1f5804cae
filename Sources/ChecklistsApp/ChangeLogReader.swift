import SQLiteKit

/// Turns the store's change log (`ChangeLog` in ChecklistsKit: rows written by triggers on
/// every change) into change events, reading only the rows after the last one seen — so a
/// change costs its own size, not the store's.
///
/// When rows it has not seen were pruned (the reader fell more than `ChangeLog.kept` changes
/// behind) or the log went backwards (the file was replaced), it reports every list, note and
/// setting as changed, which reads the lists, notes and settings but no items.
struct ChangeLogReader {
    /// The last sequence number seen.
    private(set) var lastSeq: Int64 = 0

    /// Whether `db` has a change log (a store at schema 5 or later).
    static func isAvailable(_ db: Database) -> Bool {
        (try? db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'change_log'")) == 1
    }

    /// Starts after the newest row: only later changes are reported.
    /// - Returns: The rows read (one).
    mutating func skipToNewest(_ db: Database) -> Int {
        lastSeq = (try? db.scalar("SELECT coalesce(max(seq), 0) FROM change_log")) ?? 0
        return 1
    }

    /// The events for the rows after `lastSeq`, and the number of rows read. Rows in `own` (a
    /// session's own writes) are read past but make no event.
    mutating func read(_ db: Database, own: OwnChanges? = nil) -> (events: [ChangeEvent], rows: Int) {
        defer { own?.forget(through: lastSeq) }
        guard (try? db.execute("BEGIN")) != nil else { return ([], 0) }
        defer { try? db.execute("COMMIT") }
        // The ends of the log first (two index lookups): whether the rows after `lastSeq` are all there.
        guard let oldest = try? db.scalar("SELECT coalesce(min(seq), 0) FROM change_log"),
            let newest = try? db.scalar("SELECT coalesce(max(seq), 0) FROM change_log")
        else { return ([], 0) }
        if newest == lastSeq { return ([], 2) }
        if newest < lastSeq || oldest > lastSeq + 1 {
            // A new file, or rows not seen yet were pruned: everything may have changed.
            lastSeq = newest
            let everything = Self.everything(db)
            return (everything.events, everything.rows + 2)
        }
        var changes = Changes()
        var rows = 2
        do {
            let statement = try db.prepare(
                "SELECT seq, kind, row, list, key, recount FROM change_log WHERE seq > ? ORDER BY seq")
            defer { statement.reset() }
            try statement.bind(.int(lastSeq))
            while try statement.step() {
                rows += 1
                lastSeq = statement.int64(0)
                if own?.take(lastSeq) == true { continue }
                changes.add(
                    kind: statement.text(1), row: statement.int64(2), list: statement.int64(3),
                    key: statement.isNull(4) ? nil : statement.text(4), recount: statement.int64(5) != 0)
            }
        } catch {
            return ([], rows)
        }
        return (changes.events, rows)
    }

    /// Every list (and its items), note and setting, as changed.
    static func everything(_ db: Database) -> (events: [ChangeEvent], rows: Int) {
        var changes = Changes()
        var rows = 0
        func each(_ sql: String, _ body: (Statement) -> Void) {
            guard let statement = try? db.prepare(sql) else { return }
            defer { statement.reset() }
            while (try? statement.step()) == true {
                rows += 1
                body(statement)
            }
        }
        each("SELECT id FROM checklists") {
            changes.add(kind: "item", row: 0, list: $0.int64(0), key: nil, recount: true)
        }
        each("SELECT id FROM notes") { changes.add(kind: "note", row: $0.int64(0), list: 0, key: nil, recount: false) }
        each("SELECT key FROM settings") {
            changes.add(kind: "setting", row: 0, list: 0, key: $0.text(0), recount: false)
        }
        return (changes.events, rows)
    }

    /// What the rows name, gathered per kind.
    private struct Changes {
        var lists: Set<Int64> = []
        var items: Set<Int64> = []
        var notes: Set<Int64> = []
        var settings: Set<String> = []

        mutating func add(kind: String, row: Int64, list: Int64, key: String?, recount: Bool) {
            switch kind {
            case "list": lists.insert(list)
            case "item":
                items.insert(list)
                if recount { lists.insert(list) }
            case "note": notes.insert(row)
            case "setting": if let key { settings.insert(key) }
            default: break
            }
        }

        /// Lists first, as the fingerprint reports them.
        var events: [ChangeEvent] {
            var events: [ChangeEvent] = []
            if !lists.isEmpty { events.append(.listsChanged(lists)) }
            if !items.isEmpty { events.append(.itemsChanged(listIDs: items)) }
            if !notes.isEmpty { events.append(.notesChanged(notes)) }
            if !settings.isEmpty { events.append(.settingsChanged(settings)) }
            return events
        }
    }
}
