import Foundation
import PrivateFiles
import SQLiteKit

/// Pending and delivered reminders, in their own small SQLite file (`reminders.sqlite`) next
/// to the database. It holds only what the notifications will show, in the clear, so that the
/// agent can deliver them without unlocking the app; "Show item text" off keeps item texts out,
/// and a delivered one keeps its identifier and times only.
public final class NotificationCenter: @unchecked Sendable {
    public let path: String
    private let directory: String
    private var db: Database
    /// The device and inode of the file `db` has open.
    private var file: (dev: UInt64, ino: UInt64)?
    /// Connections to files moved away, kept open: closing one would make SQLite checkpoint and
    /// delete the write-ahead log by its name, which is now the new file's log.
    private var retired: [Database] = []
    private let lock = NSLock()

    /// Delivered notifications kept for `deliveredNotifications()`.
    static let deliveredKept = 200

    /// Opens (creating if needed) the store in `directory`.
    public init(directory: String) throws(RemindersError) {
        self.directory = directory
        path = directory + "/reminders.sqlite"
        (db, file) = try Self.open(directory: directory, path: path)
    }

    /// Opens the file again when it was replaced or moved away since it was opened (a damaged
    /// one is moved aside, and the next command makes a new one): a long-lived reader such as
    /// the agent would otherwise read the old file for ever and miss every new reminder.
    /// - Returns: Whether it opened the file again.
    @discardableResult
    public func reopenIfReplaced() throws(RemindersError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let now = Self.identity(path)
        guard now == nil || now?.dev != file?.dev || now?.ino != file?.ino else { return false }
        let old = db
        (db, file) = try Self.open(directory: directory, path: path)
        retired.append(old)
        return true
    }

    private static func identity(_ path: String) -> (dev: UInt64, ino: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    private static func open(directory: String, path: String) throws(RemindersError) -> (
        Database, (dev: UInt64, ino: UInt64)?
    ) {
        do {
            try SecureFile.makeDirectory(directory)
            // A FIFO or a link to a device in place of the file would hang SQLite or feed it garbage.
            for file in [path, path + "-wal", path + "-shm"] { try SecureFile.requireRegular(file) }
            if !SecureFile.exists(path) { try SecureFile.touch(path) }
            let db = try Database(path: path, create: false)
            try db.execute(
                """
                PRAGMA busy_timeout=5000; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;
                PRAGMA secure_delete=ON;
                CREATE TABLE IF NOT EXISTS requests(
                    identifier TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
                    icon TEXT NOT NULL, fire_at REAL NOT NULL, delivered_at REAL);
                CREATE INDEX IF NOT EXISTS requests_due ON requests(delivered_at, fire_at);
                CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY NOT NULL, value TEXT) WITHOUT ROWID;
                """)
            return (db, identity(path))
        } catch {
            throw RemindersError.storage("\(error)")
        }
    }

    // MARK: - Authorization and settings

    /// Whether notifications may be shown.
    public var authorizationStatus: AuthorizationStatus {
        (try? meta("Notifications")).flatMap { $0.flatMap(AuthorizationStatus.init(rawValue:)) } ?? .notDetermined
    }

    /// Records the user's answer.
    public func setAuthorized(_ allowed: Bool) throws(RemindersError) {
        try setMeta(
            "Notifications", allowed ? AuthorizationStatus.authorized.rawValue : AuthorizationStatus.denied.rawValue)
    }

    /// Asks once: when the answer is not known yet, calls `ask` (nil = cannot ask now) and stores it.
    /// - Returns: Whether notifications are allowed.
    @discardableResult
    public func requestAuthorization(ask: () -> Bool?) throws(RemindersError) -> Bool {
        switch authorizationStatus {
        case .authorized: return true
        case .denied: return false
        case .notDetermined:
            guard let answer = ask() else { return false }
            try setAuthorized(answer)
            return answer
        }
    }

    /// Whether notifications show the item's text (default on); off shows "Checklists reminder".
    public var showsItemText: Bool { (try? meta("ShowItemText")) != .some("off") }

    /// Turning it off also empties the text of delivered notifications (pending ones are
    /// rendered again by whoever holds the items).
    public func setShowsItemText(_ on: Bool) throws(RemindersError) {
        try setMeta("ShowItemText", on ? "on" : "off")
        guard !on else { return }
        try sqlRemovingText {
            try db.execute("UPDATE requests SET title = '', body = '' WHERE delivered_at IS NOT NULL")
        }
    }

    /// The hour (0-23) at which an item given a day without a time is due, so its reminder
    /// fires then (default 9: never at midnight).
    public var allDayHour: Int {
        guard let text = try? meta("AllDayHour"), let hour = Int(text), (0...23).contains(hour) else { return 9 }
        return hour
    }

    public func setAllDayHour(_ hour: Int) throws(RemindersError) {
        try setMeta("AllDayHour", String(min(max(hour, 0), 23)))
    }

    // MARK: - UNUserNotificationCenter-like API

    /// Schedules `request`, replacing a pending or delivered one with the same identifier.
    public func add(_ request: NotificationRequest) throws(RemindersError) {
        try sqlRemovingText {
            try db.prepare(
                "INSERT OR REPLACE INTO requests(identifier, title, body, icon, fire_at, delivered_at) VALUES (?, ?, ?, ?, ?, NULL)"
            ).bind(
                .text(request.identifier), .text(request.content.title), .text(request.content.body),
                .text(request.content.iconName), .real(request.trigger.date.timeIntervalSince1970)
            ).run()
        }
    }

    /// Applies scheduling and cancelling intents in order, in one transaction. Applying the same
    /// intents again changes nothing: a request already delivered at the same time is not
    /// scheduled again (an outbox replayed after a crash must not repeat a notification).
    public func apply(_ intents: [ReminderIntent]) throws(RemindersError) {
        guard !intents.isEmpty else { return }
        try sqlRemovingText {
            try db.transaction {
                for intent in intents {
                    switch intent {
                    case .cancel(let identifier):
                        try db.prepare("DELETE FROM requests WHERE identifier = ? AND delivered_at IS NULL")
                            .bind(.text(identifier)).run()
                        // The item is gone or has no reminder now: its history keeps no text.
                        try db.prepare("UPDATE requests SET title = '', body = '' WHERE identifier = ?")
                            .bind(.text(identifier)).run()
                    case .schedule(let request):
                        try db.prepare(
                            """
                            INSERT OR REPLACE INTO requests(identifier, title, body, icon, fire_at, delivered_at)
                            SELECT ?1, ?2, ?3, ?4, ?5, NULL WHERE NOT EXISTS (SELECT 1 FROM requests
                                WHERE identifier = ?1 AND fire_at = ?5 AND delivered_at IS NOT NULL)
                            """
                        ).bind(
                            .text(request.identifier), .text(request.content.title), .text(request.content.body),
                            .text(request.content.iconName), .real(request.trigger.date.timeIntervalSince1970)
                        ).run()
                    }
                }
            }
        }
    }

    /// Cancels pending requests (delivered ones are kept in the history).
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) throws(RemindersError) {
        try sqlRemovingText {
            try db.transaction {
                for identifier in identifiers {
                    try db.prepare("DELETE FROM requests WHERE identifier = ? AND delivered_at IS NULL").bind(
                        .text(identifier)
                    ).run()
                }
            }
        }
    }

    public func removeAllPendingNotificationRequests() throws(RemindersError) {
        try sqlRemovingText { try db.execute("DELETE FROM requests WHERE delivered_at IS NULL") }
    }

    /// Requests not delivered yet, soonest first.
    public func pendingNotificationRequests() throws(RemindersError) -> [NotificationRequest] {
        try query("WHERE delivered_at IS NULL ORDER BY fire_at, identifier").map(\.0)
    }

    /// Notifications shown so far, most recent first (their title and body are empty).
    public func deliveredNotifications() throws(RemindersError) -> [DeliveredNotification] {
        try query("WHERE delivered_at IS NOT NULL ORDER BY delivered_at DESC").map {
            DeliveredNotification(request: $0.0, deliveredAt: $0.1!)
        }
    }

    // MARK: - For the agent

    /// When the next pending request fires, or nil.
    public func nextFireDate() throws(RemindersError) -> Date? {
        try pendingNotificationRequests().first?.trigger.date
    }

    /// Pending requests due at `now`.
    public func due(at now: Date) throws(RemindersError) -> [NotificationRequest] {
        try pendingNotificationRequests().filter { $0.trigger.date <= now }
    }

    /// Whether `request` still waits to be shown at its time (not cancelled, moved or delivered).
    public func isPending(_ request: NotificationRequest) throws(RemindersError) -> Bool {
        try sql {
            let stmt = try db.prepare(
                "SELECT EXISTS (SELECT 1 FROM requests WHERE identifier = ? AND fire_at = ? AND delivered_at IS NULL)")
            try stmt.bind(.text(request.identifier), .real(request.trigger.date.timeIntervalSince1970))
            defer { stmt.reset() }
            return try stmt.step() && stmt.int64(0) == 1
        }
    }

    /// Marks requests delivered, whatever their time, in one transaction, and trims the history.
    public func markDelivered(_ identifiers: [String], at date: Date) throws(RemindersError) {
        try markDelivered(identifiers.map { ($0, nil) }, at: date)
    }

    /// Marks the requests shown delivered, in one transaction, and trims the history. A request
    /// moved to another time meanwhile (its item edited while the notification was on its way)
    /// stays pending for its new time.
    public func markDelivered(_ requests: [NotificationRequest], at date: Date) throws(RemindersError) {
        try markDelivered(requests.map { ($0.identifier, $0.trigger.date.timeIntervalSince1970) }, at: date)
    }

    /// A shown request keeps its identifier and times but not its text: it is in the clear only
    /// so that the agent can show it without the data key, and nothing reads it once shown.
    private func markDelivered(_ requests: [(String, Double?)], at date: Date) throws(RemindersError) {
        try sqlRemovingText {
            try db.transaction {
                for (identifier, fireAt) in requests {
                    try db.prepare(
                        """
                        UPDATE requests SET delivered_at = ?1, title = '', body = ''
                            WHERE identifier = ?2 AND delivered_at IS NULL AND (?3 IS NULL OR fire_at = ?3)
                        """
                    ).bind(.real(date.timeIntervalSince1970), .text(identifier), fireAt.map { .real($0) } ?? .null)
                        .run()
                }
                try db.prepare(
                    """
                    DELETE FROM requests WHERE delivered_at IS NOT NULL AND identifier NOT IN
                    (SELECT identifier FROM requests WHERE delivered_at IS NOT NULL ORDER BY delivered_at DESC LIMIT ?)
                    """
                ).bind(.int(Int64(Self.deliveredKept))).run()
            }
        }
    }

    // MARK: - Helpers

    private func query(_ clause: String) throws(RemindersError) -> [(NotificationRequest, Date?)] {
        try sql {
            let stmt = try db.prepare(
                "SELECT identifier, title, body, icon, fire_at, delivered_at FROM requests \(clause)")
            var result: [(NotificationRequest, Date?)] = []
            while try stmt.step() {
                let request = NotificationRequest(
                    identifier: stmt.text(0),
                    content: NotificationContent(title: stmt.text(1), body: stmt.text(2), iconName: stmt.text(3)),
                    trigger: DateTrigger(exactly: Date(timeIntervalSince1970: stmt.double(4))))
                result.append((request, stmt.isNull(5) ? nil : Date(timeIntervalSince1970: stmt.double(5))))
            }
            return result
        }
    }

    private func meta(_ key: String) throws(RemindersError) -> String? {
        try sql {
            let stmt = try db.prepare("SELECT value FROM meta WHERE key = ?")
            try stmt.bind(.text(key))
            defer { stmt.reset() }
            return try stmt.step() ? stmt.text(0) : nil
        }
    }

    private func setMeta(_ key: String, _ value: String) throws(RemindersError) {
        try sql {
            try db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)").bind(.text(key), .text(value)).run()
        }
    }

    /// `sql` for a change that removes or replaces text. `secure_delete` zeroes the old cells in
    /// the pages written, but the WAL keeps the old pages until a checkpoint truncates it, so a
    /// copy of the data directory would still show a deleted item's text: it is truncated here.
    private func sqlRemovingText<R>(_ body: () throws -> R) throws(RemindersError) -> R {
        try sql {
            let result = try body()
            db.truncateWAL(waiting: 200)
            return result
        }
    }

    private func sql<R>(_ body: () throws -> R) throws(RemindersError) -> R {
        lock.lock()
        defer { lock.unlock() }
        do { return try body() } catch { throw RemindersError.storage("\(error)") }
    }
}
