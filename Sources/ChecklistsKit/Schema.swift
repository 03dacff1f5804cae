import SQLiteKit

/// The database schema and its forward migrations, versioned with `PRAGMA user_version`.
///
/// Plain (unencrypted) columns hold only what counting and reminders need and no words the
/// user wrote: ids, per-list counts, checked flags, due times and remind flags. List names,
/// list icons and item texts are encrypted blobs (sorting by name happens after decryption).
enum Schema {
    /// 'CHKL': marks the file as ours, so a foreign SQLite file is never written to.
    static let applicationID: Int64 = 0x4348_4B4C

    /// Migration N brings the schema from version N to N+1.
    static let migrations: [String] = [
        """
        CREATE TABLE settings(key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
        CREATE TABLE checklists(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name BLOB NOT NULL,
            icon BLOB NOT NULL,
            total INTEGER NOT NULL DEFAULT 0,
            remaining INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE items(
            id INTEGER PRIMARY KEY,
            list_id INTEGER NOT NULL REFERENCES checklists(id) ON DELETE CASCADE,
            text BLOB NOT NULL,
            checked INTEGER NOT NULL DEFAULT 0,
            due INTEGER,
            remind INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX items_by_list ON items(list_id, id);
        -- Counts per list are kept by triggers so the overview never scans items.
        CREATE TRIGGER items_counted_insert AFTER INSERT ON items BEGIN
            UPDATE checklists SET total = total + 1, remaining = remaining + (NEW.checked = 0)
            WHERE id = NEW.list_id;
        END;
        CREATE TRIGGER items_counted_delete AFTER DELETE ON items BEGIN
            UPDATE checklists SET total = total - 1, remaining = remaining - (OLD.checked = 0)
            WHERE id = OLD.list_id;
        END;
        CREATE TRIGGER items_counted_update AFTER UPDATE OF checked, list_id ON items BEGIN
            UPDATE checklists SET total = total - 1, remaining = remaining - (OLD.checked = 0)
            WHERE id = OLD.list_id;
            UPDATE checklists SET total = total + 1, remaining = remaining + (NEW.checked = 0)
            WHERE id = NEW.list_id;
        END;
        """,
        // 2: notes. Title and body are encrypted; only the modification time is plain (for ordering).
        """
        CREATE TABLE notes(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title BLOB NOT NULL,
            body BLOB NOT NULL,
            modified INTEGER NOT NULL
        );
        CREATE INDEX notes_by_time ON notes(modified DESC, id DESC);
        """,
        // 3: the reminder outbox (see `ReminderOutbox`). Plain on purpose: it holds a notification
        // exactly as reminders.sqlite will hold it in the clear, only until it is applied there,
        // so that the agent can apply it without the data key. fire_at NULL means "cancel".
        """
        CREATE TABLE reminder_outbox(
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            identifier TEXT NOT NULL,
            fire_at REAL,
            title TEXT,
            body TEXT,
            icon TEXT
        );
        """,
    ]

    static var currentVersion: Int32 { Int32(migrations.count) }

    /// Reads the header in one read transaction and checks that the file is ours (or empty)
    /// and not from the future. The first read of the file: a non-database fails here, before
    /// anything is written.
    /// - Returns: The schema version (0 for a new file).
    static func inspect(_ db: Database) throws -> Int32 {
        try db.execute("BEGIN")
        defer { try? db.execute("COMMIT") }
        let version = try db.scalar("PRAGMA user_version") ?? 0
        let appID = try db.scalar("PRAGMA application_id") ?? 0
        let tables = try db.scalar("SELECT count(*) FROM sqlite_schema") ?? 0
        // A negative or huge version is damage, not a newer schema.
        guard appID == applicationID || (appID == 0 && tables == 0), (0...Int64(Int32.max)).contains(version) else {
            throw StoreError.corrupt(path: db.path)
        }
        if version > currentVersion {
            throw StoreError.newerSchema(found: Int32(version), supported: currentVersion)
        }
        return Int32(version)
    }

    /// Sets the connection up (WAL, bounded) and migrates from `version` (from `inspect`).
    static func prepare(_ db: Database, version: Int32) throws {
        // The WAL is checkpointed every ~1 MB and cut back to `walLimit` whenever it restarts.
        try db.execute(
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; "
                + "PRAGMA wal_autocheckpoint=256; PRAGMA journal_size_limit=\(Database.walLimit)")
        guard version < currentVersion else { return }
        try db.transaction {
            for step in Int(version)..<migrations.count { try db.execute(migrations[step]) }
            try db.execute("PRAGMA application_id=\(applicationID); PRAGMA user_version=\(currentVersion)")
        }
    }
}
