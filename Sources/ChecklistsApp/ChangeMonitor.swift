import Foundation
import SQLiteKit
import Synchronization

/// Tells a UI what other processes changed in the store, within tens of milliseconds and
/// without re-reading everything.
///
/// A thread blocks on inotify (the data directory: the database file and its `-wal`); nothing
/// runs while nothing is written. After a burst of writes has been quiet for `debounce` (at most
/// `maxDelay` after its first write) it reads `PRAGMA data_version` on a long-lived read
/// connection, and again a few times over the next second (a commit becomes visible only after
/// the writer's fsync, which no inotify event marks); when that moved, it reads the store's change
/// log past the last row it saw (see `ChangeLogReader`), so the cost is the size of the change,
/// not of the store. A store from before the change log (schema 4) is compared by a small
/// fingerprint of its rows instead (see `StoreFingerprint`) until it is migrated. Commits by any
/// other connection count, including another session's in the same process; a session's own
/// writes are left out when it made the monitor (`AppSession.watchChanges`, see `OwnChanges`).
///
/// Handlers run on the monitor's thread; keep them short (hand the work to the UI's queue).
public final class ChangeMonitor: Sendable {
    /// The watched database file.
    public let databasePath: String

    private let observers = ObserverList<ChangeEvent>()
    private let inotify: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    private let counter: RowCounter

    /// The rows the monitor has read from the store so far (the change log, or the fingerprint
    /// of a store without one): what its work costs, for diagnostics and tests.
    public var rowsRead: Int { counter.rows.load(ordering: .relaxed) }

    /// Starts watching `directory/databaseName`. The file need not exist yet.
    /// - Parameters:
    ///   - debounce: Seconds of quiet that end a burst of writes.
    ///   - maxDelay: Seconds after a burst's first write by which it is checked anyway.
    /// - Throws: `ChecklistsAppError.system` when the directory cannot be watched.
    public convenience init(
        directory: String, databaseName: String = "checklists.sqlite", debounce: Double = 0.02,
        maxDelay: Double = 0.1
    ) throws(ChecklistsAppError) {
        try self.init(
            directory: directory, databaseName: databaseName, debounce: debounce, maxDelay: maxDelay, own: nil)
    }

    /// Starts watching, leaving out the change-log rows recorded in `own` (a session's own writes).
    init(
        directory: String, databaseName: String = "checklists.sqlite", debounce: Double = 0.02,
        maxDelay: Double = 0.1, own: OwnChanges?
    ) throws(ChecklistsAppError) {
        databasePath = directory + "/" + databaseName
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw .system(call: "inotify_init1", errno: errno) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let code = errno
            close(fd)
            throw .system(call: "inotify_add_watch", errno: code)
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            let code = errno
            close(fd)
            throw .system(call: "pipe", errno: code)
        }
        for end in fds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        inotify = fd
        stopPipe = (fds[0], fds[1])

        // The baseline is read before init returns: every later commit is reported.
        let counter = RowCounter()
        self.counter = counter
        let watcher = Watcher(path: databasePath, databaseName: databaseName, counter: counter, own: own)
        watcher.check(reopen: true)
        let loop = Loop(
            inotify: fd, stop: fds[0], watcher: watcher, observers: observers,
            debounce: LifecycleEvents.nanoseconds(debounce), maxDelay: LifecycleEvents.nanoseconds(maxDelay))
        let finished = self.finished
        let thread = Thread {
            loop.run()
            finished.signal()
        }
        thread.name = "ChangeMonitor"
        thread.start()
    }

    deinit {
        stop()
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Stops watching and waits for the thread to leave. Safe to call twice.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        _ = finished.wait(timeout: .now() + 5)
    }

    /// Calls `handler` for each change event, on the monitor's thread.
    /// - Returns: A token for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (ChangeEvent) -> Void) -> UInt64 {
        observers.add(handler)
    }

    /// Stops calling the handler registered under `token`.
    public func removeObserver(_ token: UInt64) {
        observers.remove(token)
    }

    /// The change events from now on, as a stream; it ends when the consumer stops iterating.
    public func events() -> AsyncStream<ChangeEvent> {
        observers.stream()
    }
}

// MARK: - The monitor's thread

/// Reads inotify, debounces, and asks the watcher. Touched only by the monitor's thread.
private final class Loop: @unchecked Sendable {
    let inotify: Int32
    let stop: Int32
    let watcher: Watcher
    let observers: ObserverList<ChangeEvent>
    let debounce: UInt64
    let maxDelay: UInt64

    init(
        inotify: Int32, stop: Int32, watcher: Watcher, observers: ObserverList<ChangeEvent>, debounce: UInt64,
        maxDelay: UInt64
    ) {
        self.inotify = inotify
        self.stop = stop
        self.watcher = watcher
        self.observers = observers
        self.debounce = debounce
        self.maxDelay = maxDelay
    }

    /// After a burst's check, more checks at these offsets (ms) from it: a commit becomes visible
    /// only after the writer's fsync and WAL-index update, which make no inotify event and may
    /// come after the debounce under load. Bounded: nothing runs once the last one is done.
    static let followUps: [UInt64] = [30, 100, 300, 1000].map { $0 * 1_000_000 }

    func run() {
        var firstWake: UInt64?
        var lastWake: UInt64 = 0
        var reopen = false
        var checkedAt: UInt64 = 0
        var followUp = Self.followUps.count
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            var due: UInt64?
            if let first = firstWake {
                due = min(lastWake &+ debounce, first &+ maxDelay)
            } else if followUp < Self.followUps.count {
                due = checkedAt &+ Self.followUps[followUp]
            }
            let now = LifecycleEvents.uptime()
            let timeout = due.map { $0 > now ? Int32(clamping: ($0 - now + 999_999) / 1_000_000) : 0 } ?? -1
            var fds = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents != 0 {
                let wake = readEvents(&buffer)
                if wake.relevant {
                    let at = LifecycleEvents.uptime()
                    if firstWake == nil { firstWake = at }
                    lastWake = at
                    reopen = reopen || wake.replaced
                }
            }
            let at = LifecycleEvents.uptime()
            if let first = firstWake {
                guard at >= min(lastWake &+ debounce, first &+ maxDelay) else { continue }
                firstWake = nil
                followUp = 0
            } else if followUp < Self.followUps.count {
                guard at >= checkedAt &+ Self.followUps[followUp] else { continue }
                followUp += 1
            } else {
                continue
            }
            if followUp == 0 { checkedAt = at }
            let events = watcher.check(reopen: reopen)
            reopen = false
            for event in events { observers.send(event) }
        }
    }

    /// Drains the inotify fd. `relevant`: the database or its WAL was written; `replaced`: the
    /// database file itself was created or renamed into place (a new file: reopen it).
    private func readEvents(_ buffer: inout [UInt8]) -> (relevant: Bool, replaced: Bool) {
        var relevant = false
        var replaced = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + header)..<min(offset + header + length, count)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += header + length
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        relevant = true
                        replaced = true
                    }
                    guard watcher.watches(name) else { continue }
                    relevant = true
                    if name == watcher.databaseName && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { replaced = true }
                }
            }
        }
        return (relevant, replaced)
    }
}

/// The number of rows read, shared by the monitor and its thread.
private final class RowCounter: Sendable {
    let rows = Atomic<Int>(0)

    func add(_ count: Int) { rows.add(count, ordering: .relaxed) }
}

/// The long-lived read connection and where it got to: the last change-log row seen, or for a
/// store without a change log the last fingerprint. Touched only by the monitor's thread (and by
/// `ChangeMonitor.init` before that thread starts).
private final class Watcher: @unchecked Sendable {
    let path: String
    let databaseName: String
    private let counter: RowCounter
    /// A session's own rows, left out of the events.
    private let own: OwnChanges?
    private var database: Database?
    private var dataVersion: Int64?
    /// The change log's reader; nil while the store has no change log.
    private var log: ChangeLogReader?
    /// The last fingerprint, while the store has no change log.
    private var fingerprint = StoreFingerprint()
    /// Whether the first check (the baseline, in `ChangeMonitor.init`) is done.
    private var started = false

    init(path: String, databaseName: String, counter: RowCounter, own: OwnChanges?) {
        self.path = path
        self.databaseName = databaseName
        self.counter = counter
        self.own = own
    }

    /// Whether a file of this name in the directory is the database or its journal.
    func watches(_ name: String) -> Bool {
        name == databaseName || name == databaseName + "-wal" || name == databaseName + "-journal"
    }

    /// What changed since the last check; `reopen` starts a new connection (the file was replaced).
    /// With a session's own rows to leave out, the log is read while the session records none.
    @discardableResult
    func check(reopen: Bool) -> [ChangeEvent] {
        guard let own else { return checkLog(reopen: reopen) }
        own.gate.lock()
        defer { own.gate.unlock() }
        return checkLog(reopen: reopen)
    }

    private func checkLog(reopen: Bool) -> [ChangeEvent] {
        let baseline = !started
        started = true
        if reopen { database = nil }
        let fresh = database == nil
        if fresh {
            guard access(path, F_OK) == 0, let db = try? Database(path: path, create: false) else { return [] }
            try? db.execute("PRAGMA busy_timeout=1000; PRAGMA query_only=1")
            StoreFingerprint.prepare(db)
            database = db
        }
        guard let db = database, let version = try? db.scalar("PRAGMA data_version") else {
            database = nil
            return []
        }
        if !fresh && version == dataVersion { return [] }
        dataVersion = version
        if var reader = log {
            defer { log = reader }
            if fresh {
                // A new connection (the file was replaced): the old position means nothing here.
                counter.add(reader.skipToNewest(db))
                let everything = ChangeLogReader.everything(db)
                counter.add(everything.rows)
                return everything.events
            }
            let (events, rows) = reader.read(db, own: own)
            counter.add(rows)
            return events
        }
        guard ChangeLogReader.isAvailable(db) else { return fingerprintChanges(db) }
        // The change log is there: from now on only its new rows are read.
        var reader = ChangeLogReader()
        var events: [ChangeEvent] = []
        if baseline {
            counter.add(reader.skipToNewest(db))
        } else {
            // Created or migrated while watched: what differs from the last fingerprint, then the log.
            events = fingerprintChanges(db)
            let (logged, rows) = reader.read(db, own: own)
            counter.add(rows)
            events = Self.merged(events + logged)
        }
        fingerprint = StoreFingerprint()
        log = reader
        return events
    }

    /// The fingerprint's events since the last one (a store without a change log).
    private func fingerprintChanges(_ db: Database) -> [ChangeEvent] {
        let (current, rows) = StoreFingerprint.read(db)
        counter.add(rows)
        defer { fingerprint = current }
        return current.changes(since: fingerprint)
    }

    /// One event per kind, naming everything the given ones name, lists first.
    static func merged(_ events: [ChangeEvent]) -> [ChangeEvent] {
        var lists: Set<Int64> = []
        var items: Set<Int64> = []
        var notes: Set<Int64> = []
        var settings: Set<String> = []
        for event in events {
            switch event {
            case .listsChanged(let ids): lists.formUnion(ids)
            case .itemsChanged(let ids): items.formUnion(ids)
            case .notesChanged(let ids): notes.formUnion(ids)
            case .settingsChanged(let keys): settings.formUnion(keys)
            }
        }
        var result: [ChangeEvent] = []
        if !lists.isEmpty { result.append(.listsChanged(lists)) }
        if !items.isEmpty { result.append(.itemsChanged(listIDs: items)) }
        if !notes.isEmpty { result.append(.notesChanged(notes)) }
        if !settings.isEmpty { result.append(.settingsChanged(settings)) }
        return result
    }
}
