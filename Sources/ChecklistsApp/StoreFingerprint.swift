import CSQLite
import SQLiteKit

/// A small summary of the store's rows, read without decrypting anything: per list its counts
/// and a hash of its encrypted name and icon; per list a count and hash sum of its items; a hash
/// per note and per setting. Two summaries differ where the rows differ (every edit re-encrypts
/// with a fresh nonce, so even an edit to the same text changes the hash).
///
/// Reading it scans the items once (a few milliseconds for thousands of items): the change
/// monitor uses it only for a store without the change log (`ChangeLogReader`).
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
    /// - Returns: The summary and the number of rows read (each item counts).
    static func read(_ db: Database) -> (StoreFingerprint, rows: Int) {
        var print = StoreFingerprint()
        var itemCount = 0
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
            itemCount += Int(s.int64(1))
        }
        rows(db, "SELECT id, checklists_fingerprint(modified, title, body) FROM notes") { s in
            print.notes[s.int64(0)] = s.int64(1)
        }
        rows(db, "SELECT key, checklists_fingerprint(value) FROM settings") { s in
            print.settings[s.text(0)] = s.int64(1)
        }
        return (print, itemCount + print.lists.count + print.notes.count + print.settings.count)
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

/// `checklists_fingerprint(...)`: a 64-bit multiply-xorshift hash over each argument's type and
/// value, folded to 32 bits so that a `sum()` over any realistic number of rows cannot overflow.
///
/// A text or blob longer than 64 bytes is hashed by its length, first 32 and last 16 bytes: a
/// sealed value is `nonce ‖ ciphertext ‖ tag`, where a fresh random nonce and the tag (a MAC over
/// everything) change with every write, so this sees every edit while reading little.
private func fingerprintFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
    }
    func mix(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        for byte in bytes[offset...] { tail = tail << 8 | UInt64(byte) }
        mix(tail)
    }
    for index in 0..<Int(max(count, 0)) {
        guard let value = arguments?[index] else { continue }
        let type = sqlite3_value_type(value)
        mix(UInt64(UInt32(bitPattern: type)))
        switch type {
        case SQLITE_INTEGER: mix(UInt64(bitPattern: sqlite3_value_int64(value)))
        case SQLITE_FLOAT: mix(sqlite3_value_double(value).bitPattern)
        case SQLITE_TEXT, SQLITE_BLOB:
            let pointer = sqlite3_value_blob(value)
            let length = Int(sqlite3_value_bytes(value))
            mix(UInt64(length))
            guard let pointer, length > 0 else { break }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
            if length <= 64 {
                mix(bytes)
            } else {
                mix(UnsafeRawBufferPointer(rebasing: bytes[0..<32]))
                mix(UnsafeRawBufferPointer(rebasing: bytes[(length - 16)...]))
            }
        default: break
        }
    }
    sqlite3_result_int64(context, Int64((hash ^ (hash >> 32)) & 0xffff_ffff))
}
