import SQLiteKit

/// The two triggers that every item insert fires (`items_counted_insert`, which moves its
/// list's counts, and `change_log_item_insert`, which logs it), set aside for a bulk import.
///
/// Inside the import's transaction they are dropped, the items inserted, and for each list the
/// counts moved and one change-log row written with a statement apiece (`settle`); then the
/// triggers are made again from their own SQL. Schema changes are transactional in SQLite: a
/// rollback (an error, a dry run, a crash) brings the triggers back with everything else, and no
/// other connection ever sees the store without them. A trigger costs a sub-program run, a
/// statement journal and a second table write per row: half of a 100,000-item import.
struct ItemInsertTriggers {
    static let names = ["items_counted_insert", "change_log_item_insert"]

    /// The `CREATE TRIGGER` statements dropped, as `sqlite_schema` holds them.
    private let definitions: [String]

    /// Drops the triggers; call inside a write transaction, and `restore` before it commits.
    static func suspend(_ db: Database) throws -> ItemInsertTriggers {
        var definitions: [String] = []
        for name in names {
            let stmt = try db.prepare("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = ?")
            try stmt.bind(.text(name))
            if try stmt.step() { definitions.append(stmt.text(0)) }
            stmt.reset()
        }
        for name in names { try db.execute("DROP TRIGGER IF EXISTS \(name)") }
        return ItemInsertTriggers(definitions: definitions)
    }

    /// What the triggers would have done for `added` new items of the list `listID`, `unchecked`
    /// of them unchecked: the counts move, and one change-log row says the list's items changed
    /// (kind "item", op "insert", recount 1, no row or uid, as a reader groups them anyway).
    static func settle(_ db: Database, listID: Int64, added: Int, unchecked: Int) throws {
        guard added > 0 else { return }
        try db.prepare("UPDATE checklists SET total = total + ?, remaining = remaining + ? WHERE id = ?")
            .bind(.int(Int64(added)), .int(Int64(unchecked)), .int(listID)).run()
        try db.prepare("INSERT INTO change_log(kind, list, op, recount) VALUES('item', ?, 'insert', 1)")
            .bind(.int(listID)).run()
    }

    /// Makes the triggers again, exactly as they were.
    func restore(_ db: Database) throws {
        for definition in definitions { try db.execute(definition) }
    }
}
