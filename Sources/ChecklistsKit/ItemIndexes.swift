import Foundation
import SQLiteKit

/// The indexes on `items` (by list, by uid, and any a later schema adds), set aside while a
/// large import fills a store no larger than itself.
///
/// Kept up row by row, the uid index takes each random uid into a random place of its B-tree:
/// a third of the inserts' cost at 100,000 items. Made again at the end, it is built from one
/// sort. Like `ItemInsertTriggers` this happens inside the import's transaction: schema changes
/// are transactional in SQLite, so a rollback (an error, a dry run, a crash) brings the indexes
/// back with everything else, and no other connection ever sees the store without them. The
/// unique uid index, made again, checks the uids once more: a duplicate fails the import.
struct ItemIndexes {
    /// The `CREATE INDEX` statements dropped, as `sqlite_schema` holds them.
    private let definitions: [String]

    /// Drops the indexes; call inside a write transaction, and `restore` before it commits.
    /// While they are away, items are found by rowid (ID) only: other lookups scan the table.
    static func suspend(_ db: Database) throws -> ItemIndexes {
        // `sql IS NULL` are the indexes SQLite makes for UNIQUE / PRIMARY KEY columns: they stay.
        let stmt = try db.prepare(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'items' AND sql IS NOT NULL")
        var names: [String] = []
        var definitions: [String] = []
        while try stmt.step() {
            names.append(stmt.text(0))
            definitions.append(stmt.text(1))
        }
        for name in names { try db.execute("DROP INDEX \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"") }
        return ItemIndexes(definitions: definitions)
    }

    /// Makes the indexes again, exactly as they were, from the rows now in the table.
    func restore(_ db: Database) throws {
        for definition in definitions { try db.execute(definition) }
    }
}
