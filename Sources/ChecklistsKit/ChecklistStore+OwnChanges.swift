import SQLiteKit

/// The change-log rows this store's own connection wrote, so that a UI can tell its own changes
/// from other processes' (see `ChangeLog`). A temporary trigger, private to this connection,
/// copies the sequence number of each change-log row it inserts into a temporary table (named
/// unqualified in the trigger, as SQLite requires; the temp schema is searched first); the
/// table is part of the connection's transactions, so a rolled-back write leaves nothing there.
extension ChecklistStore {
    /// Starts recording this connection's change-log rows. Safe to call twice; does nothing on a
    /// store without a change log.
    public func recordOwnChanges() throws {
        try read { s in
            try s.db.execute("CREATE TEMP TABLE IF NOT EXISTS own_changes(seq INTEGER PRIMARY KEY)")
            guard
                try s.db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'change_log'")
                    == 1
            else { return }
            try s.db.execute(
                """
                CREATE TEMP TRIGGER IF NOT EXISTS own_change_log AFTER INSERT ON main.change_log BEGIN
                    INSERT OR IGNORE INTO own_changes(seq) VALUES(NEW.seq);
                END
                """)
        }
    }

    /// The sequence numbers of the change-log rows this connection wrote (and committed) since
    /// the last call; empty unless `recordOwnChanges` was called.
    public func takeOwnChanges() throws -> [Int64] {
        try read { s in
            guard try s.db.scalar("SELECT count(*) FROM temp.sqlite_schema WHERE name = 'own_changes'") == 1,
                try s.db.scalar("SELECT count(*) FROM temp.own_changes") != 0
            else { return [] }
            let statement = try s.db.prepare("SELECT seq FROM temp.own_changes")
            var seqs: [Int64] = []
            while try statement.step() { seqs.append(statement.int64(0)) }
            statement.reset()
            try s.db.execute("DELETE FROM temp.own_changes")
            return seqs
        }
    }
}
