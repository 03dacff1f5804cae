import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// One SQLite connection. Not thread-safe on its own: its owner serialises access.
public final class Database {
    public private(set) var handle: OpaquePointer
    public let path: String

    /// Opens (creating if needed) the database at `path`.
    public init(path: String, create: Bool = true) throws {
        _ = Self.configured
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            var message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db, rc & 0xff == SQLITE_CANTOPEN { message = Self.cannotOpen(path, errno: sqlite3_system_errno(db)) }
            sqlite3_close_v2(db)
            throw SQLiteError.sqlite(code: rc, message: message)
        }
        handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
        // Before anything reads the file: the busy handler then also covers the schema read
        // and the first switch to WAL.
        sqlite3_busy_timeout(db, Self.busyTimeout)
    }

    /// Process-wide settings made once, before SQLite's first use: no memory statistics (a
    /// global mutex taken around each of the ~2,000 allocations of a short command, ~4% of an
    /// `item add`'s instructions).
    private static let configured: Void = { _ = cl_sqlite3_disable_memory_statistics() }()

    /// How long a statement waits for another process's lock, in milliseconds.
    public static let busyTimeout: Int32 = 5000

    /// Runs `body`, retrying while SQLite reports SQLITE_BUSY without having waited (as it does
    /// e.g. while another connection recovers the WAL), for up to `busyTimeout`.
    public func retryingBusy<R>(_ body: () throws -> R) throws -> R {
        let deadline = Self.milliseconds() + Int64(Self.busyTimeout)
        while true {
            do {
                return try body()
            } catch SQLiteError.sqlite(let code, _) where code & 0xff == SQLITE_BUSY && Self.milliseconds() < deadline {
                usleep(10_000)
            }
        }
    }

    deinit { close() }

    /// Leaves the WAL in place when this connection closes last, instead of copying it into the
    /// database file and deleting it (two more fsyncs per writing process, and a directory
    /// fsync when the next one creates the WAL again). The WAL is still bounded: SQLite
    /// checkpoints it every `wal_autocheckpoint` pages and `close` truncates it above
    /// `walLimit` (see `limitWAL(pages:)`). Every commit is on disk either way
    /// (`synchronous=FULL` syncs the WAL).
    public func keepWALOnClose() {
        cl_sqlite3_set_no_checkpoint_on_close(handle, 1)
    }

    /// The WAL size in bytes above which `close` truncates it (also SQLite's
    /// `journal_size_limit` once `limitWAL(pages:)` has set it); 1 MiB until then.
    public private(set) var walLimit: Int64 = 1 << 20

    /// Bounds the WAL to about `pages` pages: SQLite checkpoints it into the database once it
    /// holds that many (`wal_autocheckpoint`), cuts the file back to that size when it starts
    /// over (`journal_size_limit`), and `close` truncates it when it has grown past that.
    /// A smaller bound keeps the file smaller but checkpoints (one more sync of the database)
    /// more often.
    /// - Parameter pages: The bound in database pages (at least 1).
    public func limitWAL(pages: Int64) throws {
        let pages = max(1, pages)
        let pageSize = try scalar("PRAGMA page_size") ?? 4096
        walLimit = pages * pageSize
        try execute("PRAGMA wal_autocheckpoint=\(pages); PRAGMA journal_size_limit=\(walLimit)")
    }

    /// Whether `close` was called.
    public var isClosed: Bool { closed }

    /// Finalizes every statement and closes the connection. If the WAL has grown past
    /// `walLimit`, first checkpoints it and truncates it, without waiting for other readers.
    /// Safe to call twice; the connection is unusable afterwards.
    public func close() {
        guard !closed else { return }
        closed = true
        for statement in cache.values { statement.finalize() }
        cache = [:]
        var info = stat()
        if stat(path + "-wal", &info) == 0, Int64(info.st_size) > walLimit {
            sqlite3_busy_timeout(handle, 0)
            sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        }
        sqlite3_close_v2(handle)
    }

    /// Checkpoints the WAL into the database and truncates it to zero bytes, waiting at most
    /// `milliseconds` for other connections' readers; while one still reads an older snapshot
    /// the frames stay until the next call. The WAL keeps every old version of a page, so text
    /// deleted even under `secure_delete` stays in it until then. Call outside a transaction
    /// (`close` does the same without waiting when the WAL has grown past `walLimit`).
    public func truncateWAL(waiting milliseconds: Int32) {
        let previous = (try? scalar("PRAGMA busy_timeout")).flatMap { Int32(exactly: $0) } ?? 0
        sqlite3_busy_timeout(handle, milliseconds)
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        sqlite3_busy_timeout(handle, previous)
    }

    /// Resets every cached statement, so none holds a read snapshot (which would stop
    /// checkpoints from completing) between uses.
    public func resetStatements() {
        for statement in cache.values { statement.reset() }
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        guard !closed else { throw SQLiteError.sqlite(code: SQLITE_MISUSE, message: "the database is closed") }
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        defer { sqlite3_free(errmsg) }
        guard rc == SQLITE_OK else {
            throw error(rc, errmsg.map { String(cString: $0) })
        }
    }

    /// Prepares a statement (cached per SQL text for the connection's lifetime).
    public func prepare(_ sql: String) throws -> Statement {
        guard !closed else { throw SQLiteError.sqlite(code: SQLITE_MISUSE, message: "the database is closed") }
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        let statement = Statement(stmt, database: self)
        cache[sql] = statement
        return statement
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    public func transaction<R>(_ body: () throws -> R) throws -> R {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    /// Rows this connection inserted, changed or deleted since it opened (triggers included).
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Runs `body` failing at once with SQLITE_BUSY instead of waiting for another
    /// connection's lock.
    public func withoutWaiting<R>(_ body: () throws -> R) throws -> R {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.busyTimeout) }
        return try body()
    }

    /// The single integer a query returns (e.g. a PRAGMA), or nil.
    public func scalar(_ sql: String) throws -> Int64? {
        let stmt = try prepare(sql)
        defer { stmt.reset() }
        return try stmt.step() ? stmt.int64(0) : nil
    }

    public func error(_ rc: Int32, _ message: String? = nil) -> SQLiteError {
        let primary = rc & 0xff
        if primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT { return .corrupt(path: path) }
        // A full disk often shows as an I/O error (the WAL index cannot grow: SQLITE_IOERR_SHMSIZE,
        // "disk I/O error"): the system's errno tells.
        let errno = sqlite3_system_errno(handle)
        if primary == SQLITE_IOERR, errno == ENOSPC || errno == EDQUOT {
            return .sqlite(code: SQLITE_FULL, message: String(cString: strerror(errno)))
        }
        if primary == SQLITE_CANTOPEN { return .sqlite(code: rc, message: Self.cannotOpen(path, errno: errno)) }
        // A file that would pass the process's size limit (`ulimit -f`) is no damage either. A
        // write that fails at COMMIT comes without its errno (0): under a size limit, that is it.
        if primary == SQLITE_IOERR, errno == EFBIG || (errno == 0 && Self.fileSizeIsLimited) {
            return .sqlite(code: SQLiteError.fileSizeLimitCode, message: String(cString: strerror(errno)))
        }
        return .sqlite(code: rc, message: message ?? String(cString: sqlite3_errmsg(handle)))
    }

    private var cache: [String: Statement] = [:]
    private var closed = false

    /// What stopped SQLite opening one of the database's files (it says only "unable to open
    /// database file"): the folder, since the file may be the database, its WAL or its index,
    /// and the system's reason (a file restored as root: "Permission denied").
    private static func cannotOpen(_ path: String, errno: Int32) -> String {
        var folder = Substring(path)
        if let slash = folder.lastIndex(of: "/") {
            folder = slash == folder.startIndex ? "/" : folder[..<slash]
        } else {
            folder = "."
        }
        guard errno != 0 else { return String(folder) }
        return "\(folder): \(String(cString: strerror(errno)))"
    }

    /// Whether the process may not grow a file past a size (RLIMIT_FSIZE, `ulimit -f`).
    private static var fileSizeIsLimited: Bool {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }

    private static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}

/// A prepared statement with typed binding and column access.
public final class Statement {
    /// The SQLite statement (nil once finalized); `Statement+Positional` binds through it.
    private(set) var stmt: OpaquePointer?
    unowned let database: Database

    init(_ stmt: OpaquePointer, database: Database) {
        self.stmt = stmt
        self.database = database
    }

    deinit { finalize() }

    /// Frees the statement; it must not be used afterwards.
    func finalize() {
        sqlite3_finalize(stmt)
        stmt = nil
    }

    public func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    /// Binds parameters by position (1-based), in order.
    @discardableResult
    public func bind(_ values: SQLValue...) throws -> Statement {
        try bind(values)
    }

    /// Binds parameters by position (1-based), in order: as many as the statement has.
    @discardableResult
    public func bind(_ values: [SQLValue]) throws -> Statement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .int(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let v): rc = sqlite3_bind_text(stmt, index, v, -1, transient)
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), transient) }
            }
            guard rc == SQLITE_OK else { throw database.error(rc) }
        }
        return self
    }

    /// Advances to the next row; false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            // Done: end the statement's read at once instead of at its next use.
            sqlite3_reset(stmt)
            return false
        default:
            let error = database.error(rc)
            sqlite3_reset(stmt)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws {
        while try step() {}
        sqlite3_reset(stmt)
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_NULL }
    public func isBlob(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_BLOB }
    public func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, column) else { return "" }
        return String(cString: p)
    }
    public func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(stmt, column))
        guard count > 0, let p = sqlite3_column_blob(stmt, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: count))
    }
}

/// A value to bind to a statement parameter.
public enum SQLValue: Sendable {
    case null
    case int(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

// SQLITE_TRANSIENT is a macro cast of -1; it tells SQLite to copy the bound bytes.
let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A failure reported by SQLite.
public enum SQLiteError: Error, Sendable, Equatable {
    /// SQLite returned an error code.
    case sqlite(code: Int32, message: String)
    /// The file is not a database, or is damaged.
    case corrupt(path: String)

    /// The code of a write refused because a file would pass the process's file size limit
    /// (RLIMIT_FSIZE, `ulimit -f`; SQLite says SQLITE_IOERR_WRITE): SQLITE_FULL with an extended
    /// code SQLite does not define, so it is a full-disk refusal to anything that checks the
    /// primary code.
    public static let fileSizeLimitCode = SQLITE_FULL | (0x7F << 8)
}
