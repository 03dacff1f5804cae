import PrivateFiles
import SQLiteKit

/// The reminder outbox: a plain table (`reminder_outbox`) in `checklists.sqlite` holding the
/// reminder changes that the item changes beside them imply, until they reach
/// `reminders.sqlite`.
///
/// Two SQLite files in WAL mode cannot commit atomically together (ATTACH is not atomic across
/// WAL databases), so an item change and its reminder intents commit in ONE transaction of
/// `checklists.sqlite`; applying them to `reminders.sqlite` comes after and is idempotent, and
/// whoever runs next (the same command, any later command, the agent) finishes the job. Rows
/// are applied in order and deleted only after the reminders store has committed them, all
/// while holding the write lock of `checklists.sqlite`, so two appliers never interleave.
///
/// The rows hold the notification exactly as `reminders.sqlite` will (title and body already
/// rendered, following the item-text setting), so the agent applies them without the data key.
public enum ReminderOutbox {
    /// The table's name; its schema is migration 3 of the checklists database.
    public static let table = "reminder_outbox"

    /// Appends `intents`; call inside the write transaction of the change that causes them.
    public static func append(_ intents: [ReminderIntent], in db: Database) throws {
        for intent in intents {
            let stmt = try db.prepare(
                "INSERT INTO reminder_outbox(identifier, fire_at, title, body, icon) VALUES (?, ?, ?, ?, ?)")
            switch intent {
            case .cancel(let identifier):
                try stmt.bind(.text(identifier), .null, .null, .null, .null).run()
            case .schedule(let request):
                try stmt.bind(
                    .text(request.identifier), .real(request.trigger.date.timeIntervalSince1970),
                    .text(request.content.title), .text(request.content.body), .text(request.content.iconName)
                ).run()
            }
        }
    }

    /// Whether intents wait in `db` (false when the table does not exist yet).
    public static func hasPending(in db: Database) throws -> Bool {
        guard try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'reminder_outbox'") == 1
        else { return false }
        return try db.scalar("SELECT EXISTS (SELECT 1 FROM reminder_outbox)") == 1
    }

    /// The waiting intents, oldest first, with the highest sequence number read.
    public static func pending(in db: Database) throws -> (intents: [ReminderIntent], last: Int64) {
        let stmt = try db.prepare(
            "SELECT seq, identifier, fire_at, title, body, icon FROM reminder_outbox ORDER BY seq")
        defer { stmt.reset() }
        var intents: [ReminderIntent] = []
        var last: Int64 = 0
        while try stmt.step() {
            last = stmt.int64(0)
            if stmt.isNull(2) {
                intents.append(.cancel(stmt.text(1)))
            } else {
                let content = NotificationContent(title: stmt.text(3), body: stmt.text(4), iconName: stmt.text(5))
                let trigger = DateTrigger(exactly: .init(timeIntervalSince1970: stmt.double(2)))
                intents.append(
                    .schedule(NotificationRequest(identifier: stmt.text(1), content: content, trigger: trigger)))
            }
        }
        return (intents, last)
    }

    /// Applies the waiting intents to `center` and then deletes them. Call inside a write
    /// transaction of `db` (`BEGIN IMMEDIATE`), so no other applier or writer runs meanwhile.
    /// - Returns: How many intents were applied.
    /// - Throws: `RemindersError` when the reminders store fails; the intents then stay.
    @discardableResult
    public static func drain(_ db: Database, into center: NotificationCenter) throws -> Int {
        guard try hasPending(in: db) else { return 0 }
        let (intents, last) = try pending(in: db)
        try center.apply(intents)
        // Overwrite the deleted rows' text in the file: it was only ever meant for reminders.sqlite.
        // Left on: the store's connection deletes securely throughout (turning it off here
        // undid that for the rest of a long-lived process).
        try db.execute("PRAGMA secure_delete=ON")
        try db.prepare("DELETE FROM reminder_outbox WHERE seq <= ?").bind(.int(last)).run()
        return intents.count
    }

    /// Drains the outbox of the database in `directory` into `center`, with a short-lived
    /// connection of its own and no data key (what the agent does at start and on every wake).
    /// Does nothing when there is no database, no outbox or nothing waiting.
    /// - Returns: How many intents were applied.
    @discardableResult
    public static func drain(directory: String, into center: NotificationCenter) throws -> Int {
        let path = directory + "/checklists.sqlite"
        guard SecureFile.exists(path) else { return 0 }
        for file in [path, path + "-wal", path + "-shm"] { try SecureFile.requireRegular(file) }
        let db = try Database(path: path, create: false)
        try db.execute("PRAGMA busy_timeout=5000")
        guard try hasPending(in: db) else { return 0 }
        let applied = try db.transaction { try drain(db, into: center) }
        // The rows' text stays in the WAL's old frames until it is truncated.
        db.truncateWAL(waiting: 200)
        return applied
    }
}
