import SQLiteKit

/// The database schema and its forward migrations, versioned with `PRAGMA user_version`.
///
/// Plain (unencrypted) columns hold only what counting, reminders and sync need and no words the
/// user wrote: ids and uids, per-list counts, checked flags, due times and all-day flags, remind flags, created and
/// modified times, and tombstones (uid, kind, time). List names, list icons, item texts and
/// notes are encrypted blobs (sorting by name happens after decryption).
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
        // 4: a model ready for sync. Every list, item and note gets a stable uid (a random UUID),
        // created and modified times (now, or for a note its modified time), and `aad`, what its
        // ciphertexts are bound to: 0 the row ID (older rows), 1 the uid. Existing rows are
        // re-sealed under their uid on the first open with the key ("ResealPending"); until then
        // reads honour `aad`. Deletions leave tombstones (uid, kind, time) for a later sync.
        """
        ALTER TABLE checklists ADD COLUMN uid TEXT;
        ALTER TABLE checklists ADD COLUMN created INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE checklists ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE checklists ADD COLUMN aad INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE items ADD COLUMN uid TEXT;
        ALTER TABLE items ADD COLUMN created INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE items ADD COLUMN modified INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE items ADD COLUMN aad INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE notes ADD COLUMN uid TEXT;
        ALTER TABLE notes ADD COLUMN created INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE notes ADD COLUMN aad INTEGER NOT NULL DEFAULT 0;
        UPDATE checklists SET uid = \(newUID), created = \(now), modified = \(now);
        UPDATE items SET uid = \(newUID), created = \(now), modified = \(now);
        UPDATE notes SET uid = \(newUID), created = modified;
        CREATE UNIQUE INDEX checklists_by_uid ON checklists(uid);
        CREATE UNIQUE INDEX items_by_uid ON items(uid);
        CREATE UNIQUE INDEX notes_by_uid ON notes(uid);
        CREATE TABLE tombstones(
            uid TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL,
            deleted_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX tombstones_by_time ON tombstones(deleted_at);
        INSERT INTO settings(key, value) SELECT 'ResealPending', 1
            WHERE EXISTS (SELECT 1 FROM checklists) OR EXISTS (SELECT 1 FROM notes);
        """,
        // 5: the change log (see `ChangeLog`). Triggers record every change to lists, items,
        // notes and settings — kind, row ID and uid, the item's list, the setting's key, the
        // operation, and whether the list's counts moved — so that a reader that remembers the
        // last sequence number reads only what changed since. Plain, like the columns it names:
        // no words the user wrote.
        ChangeLog.schema,
        // 6: the change log kept to its last `ChangeLog.kept` rows (10,000 before: 650 KB, a
        // fifth of a 10,000-item store); what is over goes now.
        ChangeLog.pruning,
        // 7: all-day items. `due` stays the instant the reminder fires (the all-day hour of the
        // day); `all_day` 1 says the item is due on that day rather than at that time, as a
        // VTODO's DUE;VALUE=DATE is. Plain like `due`. Existing items are timed (0).
        "ALTER TABLE items ADD COLUMN all_day INTEGER NOT NULL DEFAULT 0;",
    ]

    /// SQL for the time now, in whole seconds since 1970.
    private static let now = "CAST(strftime('%s', 'now') AS INTEGER)"

    /// SQL for a fresh random (version 4) UUID in lowercase, evaluated once per row.
    private static let newUID = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
        || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """

    static var currentVersion: Int32 { Int32(migrations.count) }

    /// The WAL's bound for a database of `databasePages` pages: a sixteenth of it, at least 16
    /// pages (64 KiB) and at most 256 (1 MiB). The WAL is kept between commands, so a fixed 1 MiB
    /// made a 3 MB store up to a third larger on disk; checkpoints, each one more sync of the
    /// database, come every few commands instead of every few dozen.
    static func walPages(databasePages: Int64) -> Int64 {
        min(256, max(16, databasePages / 16))
    }

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
        try configure(db)
        guard version < currentVersion else { return }
        try db.transaction { try migrate(db, from: version) }
    }

    /// Sets the connection up: WAL, every commit synced, foreign keys, what is deleted zeroed
    /// (whatever SQLite's build default: a value left in free space outlives the key it was
    /// sealed under, `rekey`), the WAL bounded.
    static func configure(_ db: Database) throws {
        try db.execute(
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA secure_delete=ON")
        try db.limitWAL(pages: walPages(databasePages: try db.scalar("PRAGMA page_count") ?? 0))
    }

    /// Runs the migrations from `version` to the current one; call inside a write transaction.
    static func migrate(_ db: Database, from version: Int32) throws {
        for step in Int(version)..<migrations.count { try db.execute(migrations[step]) }
        try db.execute("PRAGMA application_id=\(applicationID); PRAGMA user_version=\(currentVersion)")
    }
}
