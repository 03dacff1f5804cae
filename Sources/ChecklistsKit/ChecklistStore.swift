import Foundation
import Localization
import PrivateFiles
import SQLiteKit
import Sodium
import Synchronization

/// The encrypted, durable store of checklists, items and settings (one SQLite file).
///
/// Every public method is one transaction: it either happens completely or not at all, and
/// once it returns the change is on disk (WAL, `synchronous=FULL`). Safe to use from any
/// thread; several processes may use the same file at once.
public final class ChecklistStore: Sendable {
    /// The data directory (0700) holding `checklists.sqlite`.
    public let directory: String
    /// Path of the database file.
    public let databasePath: String
    /// This store's identity (a random UUID, the plain "StoreID" setting), which names its key
    /// items in a keychain that several stores share.
    public let storeID: String

    // Only touched while `lock` is held.
    private let state: State
    private let lock = NSLock()
    /// Registered handlers in order, by token (an array, not a `[UInt64: …]` dictionary: the
    /// dictionary's first use at start scanned every conformance in the binary for `Hashable`).
    private let observers = Mutex<[(token: UInt64, handler: @Sendable (StoreChange) -> Void)]>([])
    private let nextObserver = Atomic<UInt64>(0)
    /// Writes what a change implies into the change's own transaction (the reminder outbox).
    let journal = Mutex<(@Sendable (StoreChange, State) throws -> Void)?>(nil)

    /// Opens the store in `directory`, creating it (and the first "List") on first use.
    /// - Parameters:
    ///   - directory: The data directory; made with mode 0700 if missing.
    ///   - keyProvider: Custodian of the data key.
    /// - Throws: `StoreError` when the file is damaged, newer, or the key is wrong or missing;
    ///   the file is then left exactly as it was.
    public convenience init(directory: String, keyProvider: any KeyProvider) throws {
        try self.init(directory: directory) { _ in keyProvider }
    }

    /// Opens the store, choosing the key provider from its plain settings (read on the same
    /// connection, so no second one is opened just to find out how the key is kept).
    /// - Parameter keyProvider: Given the settings that need no key, returns the custodian.
    public init(directory: String, keyProvider: ([String: String]) throws -> any KeyProvider) throws {
        self.directory = directory
        databasePath = directory + "/checklists.sqlite"
        do {
            try SecureFile.makeDirectory(directory)
            try SecureFile.requirePrivateDirectory(directory)
            if !SecureFile.exists(databasePath) { try SecureFile.touch(databasePath) }
        } catch let error as FileError {
            throw StoreError(error)
        }
        try Self.requireRegularFile(databasePath)
        let db: Database
        let box: SecretBox
        do {
            db = try Database(path: databasePath, create: false)
            (box, storeID) = try db.retryingBusy {
                let version = try Schema.inspect(db)
                if version == Schema.currentVersion, try Self.isSetUp(db) {
                    try Schema.prepare(db, version: version)
                    // A store just created or migrated is checkpointed when closed, so the
                    // database file itself carries its schema version; after that, commits
                    // stay in the WAL until SQLite's checkpoints (see `keepWALOnClose`).
                    db.keepWALOnClose()
                    let settings = try Self.plainSettings(db)
                    return (try Self.unlock(db, keyProvider: try keyProvider(settings)), settings["StoreID"] ?? "")
                }
                // Creating the schema, the data key, its check value and the first list is one
                // step that one process at a time takes: a key is never replaced once used.
                return try Self.holdingLock(directory: directory) {
                    try Self.setUp(db, keyProvider: keyProvider)
                }
            }
        } catch let error as SQLiteError {
            throw StoreError(error)
        } catch let error as FileError {
            throw StoreError(error)
        }
        state = State(db: db, box: box)
    }

    deinit { Self.finish(state.db) }

    /// Runs `body` holding the exclusive lock of the store in `directory` (`checklists.lock`),
    /// taken by the steps one process at a time takes: creating the store and its data key, and
    /// changing the data key (the app lock's switch).
    public static func holdingLock<R>(directory: String, _ body: () throws -> R) throws -> R {
        try SecureFile.withLock(directory + "/checklists.lock", body)
    }

    /// Finalizes the statements and closes the database (bounding its WAL, and packing the
    /// file now and then when deletions left it sparse: `StoreCompaction`); the store must
    /// not be used afterwards. Also happens when the store is released.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        Self.finish(state.db)
    }

    private static func finish(_ db: Database) {
        if !db.isClosed { StoreCompaction.runIfDue(db) }
        db.close()
    }

    // MARK: - Checklists

    /// All checklists with their counts, in no particular order (sort with `UserLocale`).
    public func checklists() throws -> [Checklist] {
        try read { s in
            let stmt = try s.db.prepare("SELECT \(State.listColumns) FROM checklists")
            var lists: [Checklist] = []
            while try stmt.step() { lists.append(try s.checklist(from: stmt)) }
            return lists
        }
    }

    /// The checklist with this ID, or nil.
    public func checklist(id: Int64) throws -> Checklist? {
        try read { s in try s.checklist(id: id) }
    }

    /// Finds a list by ID or by name (case-insensitive exact match).
    /// - Throws: `ChecklistsError.listNotFound`, or `.ambiguousList` when several share the name.
    public func resolveList(_ reference: String) throws -> Checklist {
        let named = try read { s in
            if let id = Int64(reference), String(id) == reference, let byID = try s.checklist(id: id) { return [byID] }
            // Only the names are opened to find it (not every list's icon: `item add LIST` on
            // 100 lists spent half its decryptions there); the lists found are read in full.
            let wanted = Self.nameKey(reference)
            let stmt = try s.db.prepare("SELECT id, name, uid, aad FROM checklists")
            var ids: [Int64] = []
            while try stmt.step() {
                let id = stmt.int64(0)
                let key = State.binding(id: id, uid: stmt.text(2), aad: stmt.int64(3))
                let name = try s.open(stmt.blob(1), .listName(key), table: "checklists", id: id)
                if Self.nameKey(name) == wanted { ids.append(id) }
            }
            return try ids.sorted().compactMap { try s.checklist(id: $0) }
        }
        switch named.count {
        case 0: throw ChecklistsError.listNotFound(reference)
        case 1: return named[0]
        default: throw ChecklistsError.ambiguousList(reference, candidates: named)
        }
    }

    /// A list name as it is matched: full case folding ("Straße" and "STRASSE", final sigma)
    /// and full-width forms as their ASCII ones (a name typed with an input method).
    public static func nameKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// Adds a checklist, optionally with items, in one transaction.
    /// - Throws: `ChecklistsError.emptyListName` / `.emptyItemText`.
    @discardableResult
    public func addChecklist(name: String, icon: Icon = .noIcon, items: [NewItem] = []) throws -> Checklist {
        let name = try Self.validName(name)
        for item in items { _ = try Self.validText(item.text) }
        return try write(change: StoreChange.listAdded) { s in
            let id = try s.insertChecklist(name: name, icon: icon)
            for item in items { _ = try s.insertItem(item, listID: id) }
            guard let list = try s.checklist(id: id) else { throw ChecklistsError.listNotFound(String(id)) }
            return list
        }
    }

    /// Renames a list and/or changes its icon, and marks it modified.
    @discardableResult
    public func updateChecklist(id: Int64, name: String? = nil, icon: Icon? = nil) throws -> Checklist {
        let name = try name.map(Self.validName)
        return try write(change: StoreChange.listUpdated) { s in
            guard let old = try s.checklist(id: id) else { throw ChecklistsError.listNotFound(String(id)) }
            // Both values are sealed again under the uid, so the row is bound one way only.
            try s.db.prepare("UPDATE checklists SET name = ?, icon = ?, modified = ?, aad = 1 WHERE id = ?")
                .bind(
                    .blob(s.seal(name ?? old.name, .listName(old.uid))),
                    .blob(s.seal((icon ?? old.icon).rawValue, .listIcon(old.uid))), .int(State.now()), .int(id)
                ).run()
            guard let list = try s.checklist(id: id) else { throw ChecklistsError.listNotFound(String(id)) }
            return list
        }
    }

    /// Deletes a list and all its items, leaving tombstones for the list and each item.
    /// - Returns: The deleted list and items (so their reminders can be cancelled).
    @discardableResult
    public func deleteChecklist(id: Int64) throws -> (Checklist, [ChecklistItem]) {
        try write(change: { StoreChange.listDeleted($0.0, items: $0.1) }) { s in
            guard let list = try s.checklist(id: id) else { throw ChecklistsError.listNotFound(String(id)) }
            let items = try s.items(listID: id)
            try s.bury(listID: id)
            try s.db.prepare("DELETE FROM checklists WHERE id = ?").bind(.int(id)).run()
            if try s.integer(.checklistIndex) == id { try s.setInteger(.checklistIndex, -1) }
            return (list, items)
        }
    }

    // MARK: - Items

    /// The list's items in the order they were added.
    /// - Throws: `StoreError.undecryptable` for the first item that cannot be decrypted, and
    ///   `.damaged` when the file is found damaged (see `readItems`).
    public func items(in listID: Int64) throws -> [ChecklistItem] {
        let read = try readItems(in: listID)
        if let id = read.undecryptable.first { throw StoreError.undecryptable(table: "items", id: id) }
        return read.items
    }

    /// The list's items that can be read, and the IDs of those that cannot be decrypted.
    /// When the rows found disagree with the list's count, the file is checked
    /// (`PRAGMA quick_check`), so a damaged index never passes for a short list.
    /// - Throws: `StoreError.damaged` when the check finds damage.
    public func readItems(in listID: Int64) throws -> ItemsRead {
        try read { s in
            let (items, undecryptable) = try s.readableItems(listID: listID)
            // Rows come in ID order, each once, as many as the list counts; anything else is damage.
            let ids = (items.map(\.id) + undecryptable).sorted()
            let ordered = zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }
            let counted = try s.checklist(id: listID)?.total
            if !ordered || items.map(\.id) != items.map(\.id).sorted() || (counted.map { $0 != ids.count } ?? false) {
                try s.checkIntegrity()
            }
            return ItemsRead(items: items, undecryptable: undecryptable)
        }
    }

    /// The item with this ID, or nil.
    public func item(id: Int64) throws -> ChecklistItem? {
        try read { s in try s.item(id: id) }
    }

    /// Adds an item to a list with the next ID from the "ChecklistItemID" counter.
    @discardableResult
    public func addItem(_ item: NewItem, to listID: Int64) throws -> ChecklistItem {
        _ = try Self.validText(item.text)
        return try write(change: { StoreChange.itemSaved(old: nil, new: $0) }) { s in
            guard try s.checklist(id: listID) != nil else { throw ChecklistsError.listNotFound(String(listID)) }
            return try s.insertItem(item, listID: listID)
        }
    }

    /// Adds several items to a list in one transaction (all or none), in order.
    /// - Throws: `ChecklistsError.emptyItemText` (nothing added) / `.listNotFound`.
    @discardableResult
    public func addItems(_ items: [NewItem], to listID: Int64) throws -> [ChecklistItem] {
        for item in items { _ = try Self.validText(item.text) }
        let journal = self.journal.withLock { $0 }
        let added = try write { s in
            guard try s.checklist(id: listID) != nil else { throw ChecklistsError.listNotFound(String(listID)) }
            let added = try items.map { try s.insertItem($0, listID: listID) }
            for item in added { try journal?(.itemSaved(old: nil, new: item), s) }
            return added
        }
        for item in added { notify(.itemSaved(old: nil, new: item)) }
        return added
    }

    /// Changes an item in place; it keeps its ID.
    /// - Returns: The item before and after the change.
    @discardableResult
    public func updateItem(id: Int64, _ changes: ItemChanges) throws -> (old: ChecklistItem, new: ChecklistItem) {
        if let text = changes.text { _ = try Self.validText(text) }
        return try write(change: { StoreChange.itemSaved(old: $0.old, new: $0.new) }) { s in
            guard let old = try s.item(id: id) else { throw ChecklistsError.itemNotFound(id) }
            var new = old
            if let text = changes.text { new.text = text }
            if let due = changes.dueDate {
                new.dueDate = due.map(DueDate.roundedDown)
                new.isAllDay = new.dueDate != nil && changes.isAllDay == true
            } else if let allDay = changes.isAllDay {
                new.isAllDay = allDay && new.dueDate != nil
            }
            if let remind = changes.shouldRemind { new.shouldRemind = remind }
            if let checked = changes.checked { new.checked = checked }
            let now = State.now()
            new.modified = State.date(now)
            try s.db.prepare(
                """
                UPDATE items SET text = ?, checked = ?, due = ?, remind = ?, modified = ?, aad = 1, all_day = ?
                WHERE id = ?
                """
            )
            .bind(
                .blob(s.seal(new.text, .itemText(old.uid))), .int(new.checked ? 1 : 0),
                new.dueDate.map { .int(State.seconds($0)) } ?? .null,
                .int(new.shouldRemind ? 1 : 0), .int(now), .int(new.isAllDay ? 1 : 0), .int(id)
            ).run()
            return (old, new)
        }
    }

    /// Flips an item's checkmark and marks it modified.
    @discardableResult
    public func toggleItem(id: Int64) throws -> ChecklistItem {
        try write(change: StoreChange.itemChecked) { s in
            try s.db.prepare("UPDATE items SET checked = 1 - checked, modified = ? WHERE id = ?")
                .bind(.int(State.now()), .int(id)).run()
            guard s.db.changes == 1, let item = try s.item(id: id) else { throw ChecklistsError.itemNotFound(id) }
            return item
        }
    }

    /// Sets an item's checkmark.
    @discardableResult
    public func setChecked(id: Int64, _ checked: Bool) throws -> ChecklistItem {
        try updateItem(id: id, ItemChanges(checked: checked)).new
    }

    /// Deletes an item, leaving its tombstone.
    /// - Returns: The deleted item.
    @discardableResult
    public func deleteItem(id: Int64) throws -> ChecklistItem {
        try write(change: StoreChange.itemDeleted) { s in
            guard let item = try s.item(id: id) else { throw ChecklistsError.itemNotFound(id) }
            try s.bury(uid: item.uid, kind: .item)
            try s.db.prepare("DELETE FROM items WHERE id = ?").bind(.int(id)).run()
            return item
        }
    }

    // MARK: - Settings

    /// An integer setting, or its default.
    public func integer(_ key: SettingKey) throws -> Int64 {
        try read { s in try s.integer(key) }
    }

    /// Stores an integer setting.
    public func setInteger(_ key: SettingKey, _ value: Int64) throws {
        try write { s in try s.setInteger(key, value) }
    }

    /// A free-form setting by name, or nil when unset.
    public func setting(named name: String) throws -> String? {
        try read { s in try s.value(name) }
    }

    /// Stores (or with nil removes) a free-form setting.
    public func setSetting(named name: String, to value: String?) throws {
        try write { s in try s.setValue(name, value.map(SQLValue.text) ?? .null) }
    }

    /// Reads a setting without the data key (settings hold no content), or nil when the
    /// database or the setting does not exist. Used before the store can be opened, e.g. to
    /// find which keychain holds the key.
    public static func peekSetting(directory: String, named name: String) -> String? {
        peekSettings(directory: directory)[name]
    }

    /// Every plain setting of the store in `directory`, read once without the data key (an
    /// empty dictionary when there is no database yet), with the key check and the lock's
    /// sealed times encoded in Base64.
    public static func peekSettings(directory: String) -> [String: String] {
        peek(directory: directory) { try plainSettings($0) } ?? [:]
    }

    /// `body` on the database in `directory`, opened without the data key and without writing;
    /// nil when there is no database (or it is no regular file) or `body` throws.
    static func peek<R>(directory: String, _ body: (Database) throws -> R) -> R? {
        let path = directory + "/checklists.sqlite"
        guard (try? requireRegularFile(path)) != nil, let db = try? Database(path: path, create: false) else {
            return nil
        }
        db.keepWALOnClose()  // a read: closing it must not checkpoint (and fsync) the WAL
        defer { db.close() }
        return try? body(db)
    }

    /// The settings stored as text or numbers (never the encrypted ones).
    static func plainSettings(_ db: Database) throws -> [String: String] {
        let stmt = try db.prepare(
            "SELECT key, value FROM settings WHERE typeof(value) != 'blob' OR key IN ('KeyCheck', 'LockTimes')")
        defer { stmt.reset() }
        var settings: [String: String] = [:]
        while try stmt.step() {
            // The key check and the lock's sealed times, encoded: the app lock checks them once it
            // has the key (`LockTimes.resolve`).
            settings[stmt.text(0)] =
                stmt.isNull(1) ? nil : stmt.isBlob(1) ? Data(stmt.blob(1)).base64EncodedString() : stmt.text(1)
        }
        return settings
    }

    /// The list last opened ("ChecklistIndex"), else the first one in `locale`'s order.
    public func lastOpenedList(locale: UserLocale) throws -> Checklist? {
        let id = try integer(.checklistIndex)
        if id >= 0, let list = try checklist(id: id) { return list }
        return locale.sorted(try checklists()).first
    }

    // MARK: - Observation

    /// Calls `handler` after every committed change, on the thread that made it.
    /// - Returns: A token for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (StoreChange) -> Void) -> UInt64 {
        let token = nextObserver.add(1, ordering: .relaxed).newValue
        observers.withLock { $0.append((token, handler)) }
        return token
    }

    /// Stops calling the handler registered under `token`.
    public func removeObserver(_ token: UInt64) {
        observers.withLock { $0.removeAll { $0.token == token } }
    }

    /// Installs the journal: called inside every change's write transaction, before it
    /// commits, so that what it writes commits or rolls back with the change.
    func setJournal(_ journal: (@Sendable (StoreChange, State) throws -> Void)?) {
        self.journal.withLock { $0 = journal }
    }

    func notify(_ change: StoreChange) {
        let handlers = observers.withLock { $0.map(\.handler) }
        for handler in handlers { handler(change) }
    }
}

// MARK: - Internals

extension ChecklistStore {
    func read<R>(_ body: (State) throws -> R) throws -> R {
        try exclusive { s in try s.db.retryingBusy { try body(s) } }
    }

    func write<R>(_ body: (State) throws -> R) throws -> R {
        try exclusive { s in
            try s.db.transaction {
                try s.requireOwnKey()
                return try body(s)
            }
        }
    }

    /// A write transaction for a bulk change (an import). An INSERT that fires triggers makes
    /// SQLite keep a statement journal, which past 64 KiB spills to a temp file unless temp_store
    /// is MEMORY (set before BEGIN: a million pwrite calls at 100,000 items; the item triggers
    /// are set aside during an import, see `ItemInsertTriggers`, the others still fire); the
    /// page cache is made large enough that the change does not spill to the WAL mid-way.
    func bulkWrite<R>(_ body: (State) throws -> R) throws -> R {
        try exclusive { state in
            let db = state.db
            let temp = try db.scalar("PRAGMA temp_store") ?? 0
            let cache = try db.scalar("PRAGMA cache_size") ?? -2000
            try db.execute("PRAGMA temp_store = MEMORY; PRAGMA cache_size = -65536")
            defer { try? db.execute("PRAGMA temp_store = \(temp); PRAGMA cache_size = \(cache)") }
            return try db.transaction {
                try state.requireOwnKey()
                return try body(state)
            }
        }
    }

    /// Runs `body` with the connection to itself (statements reset after), SQLite's errors as
    /// `StoreError`.
    private func exclusive<R>(_ body: (State) throws -> R) throws -> R {
        lock.lock()
        defer {
            state.db.resetStatements()
            lock.unlock()
        }
        do { return try body(state) } catch let error as SQLiteError { throw StoreError(error) }
    }

    /// A write that makes `change`: the journal records it in the same transaction, and the
    /// observers hear of it after the commit.
    func write<R>(change: (R) -> StoreChange, _ body: (State) throws -> R) throws -> R {
        let journal = self.journal.withLock { $0 }
        let result = try write { s in
            let result = try body(s)
            try journal?(change(result), s)
            return result
        }
        notify(change(result))
        return result
    }

    /// Whether the schema, the data key's check value and the first list all exist (read in
    /// one transaction), so that opening needs no write and no lock.
    private static func isSetUp(_ db: Database) throws -> Bool {
        let ready = try db.scalar(
            """
            SELECT (SELECT count(*) FROM settings WHERE key = 'KeyCheck')
                + (SELECT count(*) FROM settings WHERE key = 'StoreID')
                + (SELECT count(*) FROM settings WHERE key = 'FirstTime' AND CAST(value AS INTEGER) = 0)
                - (SELECT count(*) FROM settings WHERE key = 'ResealPending')
            """)
        return ready == 3
    }

    /// Migrates, finds or makes the data key, and creates the first list, while holding the
    /// data directory's lock: the process that creates the key is the one that stores its check.
    private static func setUp(_ db: Database, keyProvider: ([String: String]) throws -> any KeyProvider) throws
        -> (SecretBox, String)
    {
        let version = try Schema.inspect(db)
        if version == 0, try db.scalar("SELECT count(*) FROM sqlite_schema") == 0 {
            return try create(db, keyProvider: keyProvider)
        }
        try Schema.prepare(db, version: version)
        // The store's identity names its key items, so it exists before any key is made.
        try db.prepare("INSERT OR IGNORE INTO settings(key, value) VALUES ('StoreID', ?)")
            .bind(.text(UUID().uuidString.lowercased())).run()
        let settings = try plainSettings(db)
        let box = try unlock(db, keyProvider: try keyProvider(settings))
        let state = State(db: db, box: box)
        try state.resealIfPending()
        try db.transaction {
            guard try state.integer(.firstTime) != 0 else { return }
            let id = try state.insertChecklist(name: firstListName, icon: .noIcon)
            try state.setInteger(.checklistIndex, id)
            try state.setInteger(.firstTime, 0)
        }
        return (box, settings["StoreID"] ?? "")
    }

    /// Makes a new store in an empty database file: the schema, the store's identity, the data
    /// key (made and kept by `keyProvider` before the commit), its check value and the first
    /// list are one transaction, one sync of the WAL (they were five commits, each synced, and a
    /// checkpoint). Its pages stay in the WAL until the next checkpoint: the first write after
    /// it (an import, an added item) copies them into the database file with its own, in one
    /// sync of the database, or `close` does.
    private static func create(_ db: Database, keyProvider: ([String: String]) throws -> any KeyProvider) throws
        -> (SecretBox, String)
    {
        try Schema.configure(db)
        try db.execute("PRAGMA wal_autocheckpoint=0")
        defer { try? db.limitWAL(pages: Schema.walPages(databasePages: 0)) }
        return try db.transaction {
            try Schema.migrate(db, from: 0)
            try db.prepare("INSERT INTO settings(key, value) VALUES ('StoreID', ?)")
                .bind(.text(UUID().uuidString.lowercased())).run()
            let settings = try plainSettings(db)
            let box = try unlock(db, keyProvider: try keyProvider(settings))
            let state = State(db: db, box: box)
            let id = try state.insertChecklist(name: firstListName, icon: .noIcon)
            try state.setInteger(.checklistIndex, id)
            try state.setInteger(.firstTime, 0)
            return (box, settings["StoreID"] ?? "")
        }
    }

    /// Refuses a database path that is not a regular file (a FIFO would hang, a device be read
    /// forever); a symbolic link to a regular file is fine.
    static func requireRegularFile(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StoreError.filesystem(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.notRegularFile(path: path) }
    }

    /// The name of the list a new store starts with (the iOS app's "List"), in the language of
    /// the process that makes the store.
    static var firstListName: String { tr("List") }

    /// Finds or makes the data key and proves it opens this database.
    private static func unlock(_ db: Database, keyProvider: any KeyProvider) throws -> SecretBox {
        let check = try db.prepare("SELECT value FROM settings WHERE key = 'KeyCheck'")
        let stored = try check.step() ? check.blob(0) : nil
        check.reset()
        let key: SecureBytes
        let opens = { (key: SecureBytes) -> Bool in
            guard let stored, let box = try? SecretBox(key: key) else { return stored == nil }
            return keyCheckVersion(stored, box: box) != nil
        }
        if let existing = try keyProvider.loadKey(opening: opens) {
            key = existing
        } else if stored == nil {
            key = try keyProvider.createKey()
        } else {
            throw StoreError.missingKey(path: keyProvider.location)
        }
        let box = try SecretBox(key: key)
        if let stored {
            guard keyCheckVersion(stored, box: box) != nil else { throw StoreError.wrongKey }
        } else {
            // A store with the lock on that lost its key check lost the seal of its lock's times
            // with it, as far as anyone can tell: version 2 without them (`LockTimes`).
            let locked = try db.scalar("SELECT count(*) FROM settings WHERE key = 'AppLock' AND value != 'off'") ?? 0
            try db.prepare("INSERT INTO settings(key, value) VALUES ('KeyCheck', ?)")
                .bind(.blob(sealKeyCheck(box: box, version: locked > 0 ? 2 : 1))).run()
        }
        return box
    }

    /// The key check's texts by version: 1 before the lock's times were sealed, 2 once they are
    /// (`LockTimes`).
    private static let keyCheckTexts = [1: "Checklists data key check v1", 2: "Checklists data key check v2"]
        .mapValues { Array($0.utf8) }
    static let keyCheckData = Array("KeyCheck".utf8)

    /// The version of the key check `stored` when `box`'s key opens it, else nil.
    static func keyCheckVersion(_ stored: [UInt8], box: SecretBox) -> Int? {
        guard let text = try? box.open(stored, associatedData: keyCheckData) else { return nil }
        return keyCheckTexts.first { $0.value == text }?.key
    }

    static func sealKeyCheck(box: SecretBox, version: Int = 2) -> [UInt8] {
        box.seal(keyCheckTexts[version] ?? [], associatedData: keyCheckData)
    }

    static func validName(_ name: String) throws -> String {
        guard !isBlank(name) else { throw ChecklistsError.emptyListName }
        return name
    }

    /// Whether `text` shows nothing: only white space (Unicode's White_Space, the set of
    /// `.whitespacesAndNewlines`) and characters that are never drawn (Default_Ignorable_Code_Point:
    /// zero-width spaces and joiners, U+FEFF, soft hyphens, variation selectors), so a list named
    /// U+200B is refused like an empty one (it was accepted and showed blank). Every front end
    /// asks this before it offers Done. Checked scalar by scalar, without NSString's trimming,
    /// which an import pays 100,000 times. Also refused: the few characters that fonts draw as
    /// empty space though Unicode gives them neither property (`drawsNothing`).
    public static func isBlank(_ text: String) -> Bool {
        // A visible ASCII character (most texts begin with one) settles it without Unicode's
        // property tables (6 M instructions of a 10,000-item import went to them, callgrind).
        var bytes = text
        if bytes.withUTF8({ $0.contains { (0x21...0x7E).contains($0) } }) { return false }
        return text.unicodeScalars.allSatisfy {
            $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint || drawsNothing($0)
        }
    }

    /// A character that is drawn as empty space yet is neither White_Space nor
    /// Default_Ignorable_Code_Point: U+2800 BRAILLE PATTERN BLANK (a braille cell with no dots)
    /// and U+1D159 MUSICAL SYMBOL NULL NOTEHEAD. (The Hangul fillers U+115F, U+1160, U+3164 and
    /// U+FFA0 are Default_Ignorable.)
    private static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2800 || scalar.value == 0x1D159
    }

    static func validText(_ text: String) throws -> String {
        guard !isBlank(text) else { throw ChecklistsError.emptyItemText }
        return text
    }
}

/// A change the store has committed, for observers such as a UI or the reminder scheduler.
public enum StoreChange: Sendable {
    case listAdded(Checklist)
    case listUpdated(Checklist)
    case listDeleted(Checklist, items: [ChecklistItem])
    /// An item was added (`old` nil) or edited.
    case itemSaved(old: ChecklistItem?, new: ChecklistItem)
    case itemChecked(ChecklistItem)
    case itemDeleted(ChecklistItem)
}

/// The items of a list that could be read, and those that could not be decrypted.
public struct ItemsRead: Sendable, Equatable {
    public var items: [ChecklistItem]
    /// IDs of items whose text does not decrypt under the data key.
    public var undecryptable: [Int64]
}

/// An item to add: everything but the ID, which the store hands out.
public struct NewItem: Sendable, Equatable {
    public var text: String
    public var checked: Bool
    public var dueDate: Date?
    /// Whether `dueDate` is a day alone (see `ChecklistItem.isAllDay`).
    public var isAllDay: Bool
    public var shouldRemind: Bool

    public init(
        text: String, checked: Bool = false, dueDate: Date? = nil, isAllDay: Bool = false, shouldRemind: Bool = false
    ) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.isAllDay = isAllDay && dueDate != nil
        self.shouldRemind = shouldRemind
    }
}
