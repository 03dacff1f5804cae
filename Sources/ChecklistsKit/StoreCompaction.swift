import SQLiteKit

/// Packs the store file when deleted items have left holes in it.
///
/// A deleted item's space in its page is reused only by rows that sort there, and item IDs
/// only grow, so after many deletions the items table keeps holes that only `VACUUM` packs
/// (free pages are reused as the store grows; holes inside pages are not). A writing command
/// looks, as it closes, once every `checkEvery` changes: `dbstat` sums the unused bytes of
/// the items table's pages (a read of that table: 1–5 ms for 10,000 items), and when they are more than
/// `sparseShare` of it, or free pages more than `freeShare` of the file, the file is
/// rewritten. The indexes are not looked at: rows inserted in random order (by uid) keep
/// their pages about two-thirds full however often they are packed. Bounded: only files
/// from `smallestFile` to `largestFile` bytes are packed (`VACUUM` rewrites the whole file:
/// about 20 ms per MB here).
enum StoreCompaction {
    /// Changes between two looks. A command's row changes (triggers and the change log's
    /// pruning included) count, so a look comes about once every hundred writing commands: a
    /// look costs 1–25 ms (loaded machine), the query that decides it about 0.1 ms.
    static let checkEvery: Int64 = 2048
    /// The share of the items table's pages that may be empty before the file is packed. A
    /// packed table has almost none; one built item by item about a tenth.
    static let sparseShare = 0.15
    /// The share of the file that may be free pages before it is packed.
    static let freeShare = 0.25
    /// Files smaller than this are left alone (a few pages of holes are no matter).
    static let smallestFile: Int64 = 256 << 10
    /// Files larger than this are left alone: packing rewrites the whole file.
    static let largestFile: Int64 = 32 << 20

    /// Whether a connection that made `changes` row changes, the last of which brought the
    /// change log to `lastSeq`, passed a multiple of `checkEvery` (stateless: every writer
    /// in turn, whichever process).
    static func isDue(lastSeq: Int64, changes: Int64) -> Bool {
        guard changes > 0, lastSeq > 0 else { return false }
        let first = max(0, lastSeq - changes)
        return lastSeq / checkEvery != first / checkEvery
    }

    /// The empty share of the items table's pages, the free pages' share of the file, and
    /// the file's size in bytes.
    static func emptiness(_ db: Database) throws -> (items: Double, free: Double, bytes: Int64) {
        let pageSize = try db.scalar("PRAGMA page_size") ?? 4096
        let pages = try db.scalar("PRAGMA page_count") ?? 0
        let free = try db.scalar("PRAGMA freelist_count") ?? 0
        let items = try db.prepare("SELECT unused, pgsize FROM dbstat WHERE name = 'items' AND aggregate = 1")
        defer { items.reset() }
        let (unused, size) = try items.step() ? (items.int64(0), items.int64(1)) : (0, 0)
        guard pages > 0 else { return (0, 0, 0) }
        return (size > 0 ? Double(unused) / Double(size) : 0, Double(free) / Double(pages), pages * pageSize)
    }

    /// Looks when due and packs the file when it is sparse. Call outside a transaction, before
    /// closing; failures (another process writing: no wait) leave the file as it was.
    /// - Returns: Whether the file was packed.
    @discardableResult
    static func runIfDue(_ db: Database) -> Bool {
        guard db.totalChanges > 0,
            let last = try? db.scalar("SELECT coalesce(max(seq), 0) FROM change_log"),
            isDue(lastSeq: last, changes: db.totalChanges)
        else { return false }
        return packIfSparse(db)
    }

    /// Packs the file when it is sparse (see the type) and its size in bounds.
    @discardableResult
    static func packIfSparse(_ db: Database) -> Bool {
        db.resetStatements()
        guard let (items, free, bytes) = try? emptiness(db), items > sparseShare || free > freeShare,
            (smallestFile...largestFile).contains(bytes)
        else { return false }
        return (try? db.withoutWaiting { try pack(db) }) != nil
    }

    /// Rewrites the whole file, every page built afresh: rows packed, nothing left of deleted
    /// ones. The copy is made in memory (no temporary file with the store's rows in it). Call
    /// outside a transaction.
    static func pack(_ db: Database) throws {
        try db.execute("PRAGMA temp_store=MEMORY; VACUUM; PRAGMA temp_store=DEFAULT")
    }
}
