import CSQLite
import SQLiteKit

/// A small summary of the store's rows, read without decrypting anything: per list its counts
/// and a hash of its encrypted name and icon; per list a count and hash sum of its items; a hash
/// per note and per setting. Two summaries differ where the rows differ (every edit re-encrypts
/// with a fresh nonce, so even an edit to the same text changes the hash).
///
/// Reading it scans the items once (a few milliseconds for thousands of items); a `change_log`
/// written by triggers would make it proportional to the change instead.
struct StoreFingerprint: Equatable {
    struct ListPrint: Equatable {
        var total: Int64
        var remaining: Int64
        var hash: Int64
    }

    struct ItemsPrint: Equatable {
        var count: Int64
        var hashSum: Int64
    }

    var lists: [Int64: ListPrint] = [:]
    var items: [Int64: ItemsPrint] = [:]
    var notes: [Int64: Int64] = [:]
    var settings: [String: Int64] = [:]

    /// Registers the hash function on `db` (once per connection).
    static func prepare(_ db: Database) {
        sqlite3_create_function_v2(
            db.handle, "checklists_fingerprint", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, fingerprintFunction,
            nil, nil, nil)
    }

    /// Reads the summary; a table that is missing (an older or empty store) counts as empty.
    static func read(_ db: Database) -> StoreFingerprint {
        var print = StoreFingerprint()
        rows(db, "SELECT id, total, remaining, checklists_fingerprint(name, icon) FROM checklists") { s in
            print.lists[s.int64(0)] = ListPrint(total: s.int64(1), remaining: s.int64(2), hash: s.int64(3))
        }
        rows(
            db,
            """
            SELECT list_id, count(*), sum(checklists_fingerprint(id, checked, due, remind, text))
            FROM items GROUP BY list_id
            """
        ) { s in
            print.items[s.int64(0)] = ItemsPrint(count: s.int64(1), hashSum: s.int64(2))
        }
        rows(db, "SELECT id, checklists_fingerprint(modified, title, body) FROM notes") { s in
            print.notes[s.int64(0)] = s.int64(1)
        }
        rows(db, "SELECT key, checklists_fingerprint(value) FROM settings") { s in
            print.settings[s.text(0)] = s.int64(1)
        }
        return print
    }

    /// The events that lead from `old` to this summary, lists first.
    func changes(since old: StoreFingerprint) -> [ChangeEvent] {
        var events: [ChangeEvent] = []
        let lists = Self.differing(old.lists, lists)
        if !lists.isEmpty { events.append(.listsChanged(lists)) }
        let items = Self.differing(old.items, items)
        if !items.isEmpty { events.append(.itemsChanged(listIDs: items)) }
        let notes = Self.differing(old.notes, notes)
        if !notes.isEmpty { events.append(.notesChanged(notes)) }
        let settings = Self.differing(old.settings, settings)
        if !settings.isEmpty { events.append(.settingsChanged(settings)) }
        return events
    }

    private static func differing<K: Hashable, V: Equatable>(_ a: [K: V], _ b: [K: V]) -> Set<K> {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
    }

    /// Steps through a query to the end (so no read transaction stays open), ignoring errors.
    private static func rows(_ db: Database, _ sql: String, _ body: (Statement) -> Void) {
        guard let statement = try? db.prepare(sql) else { return }
        defer { statement.reset() }
        while (try? statement.step()) == true { body(statement) }
    }
}

/// `checklists_fingerprint(...)`: FNV-1a over each argument's type and bytes, folded to 32 bits
/// so that a `sum()` over any realistic number of rows cannot overflow.
private func fingerprintFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    func mix(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
    for index in 0..<Int(max(count, 0)) {
        guard let value = arguments?[index] else { continue }
        let type = sqlite3_value_type(value)
        mix(UInt8(truncatingIfNeeded: type))
        switch type {
        case SQLITE_INTEGER: mix(UInt64(bitPattern: sqlite3_value_int64(value)))
        case SQLITE_FLOAT: mix(sqlite3_value_double(value).bitPattern)
        case SQLITE_TEXT, SQLITE_BLOB:
            let length = Int(sqlite3_value_bytes(value))
            mix(UInt64(length))
            if length > 0, let bytes = sqlite3_value_blob(value) {
                for byte in UnsafeRawBufferPointer(start: bytes, count: length) { mix(byte) }
            }
        default: break
        }
    }
    sqlite3_result_int64(context, Int64((hash ^ (hash >> 32)) & 0xffff_ffff))
}
