import Dispatch
import Foundation
import SQLiteKit
import Sodium

/// The items an import adds, gathered first and written together: every text is sealed into
/// one buffer, on every core (the cipher was a quarter of an import's CPU), and then the rows
/// are inserted in order with one prepared statement, each value bound on its own (no array
/// of values and no copy of the sealed bytes per row).
struct ImportRows {
    /// An item to insert, everything decided but its sealed text.
    struct Row {
        var id: Int64
        var listID: Int64
        var uid: String
        var text: String
        var checked: Bool
        var due: Int64?
        var allDay: Bool
        var remind: Bool
        var created: Int64
        var modified: Int64
        /// Where its sealed text starts in the buffer (nonce ‖ ciphertext ‖ tag).
        var offset: Int
    }

    private(set) var rows: [Row] = []
    /// The rows' positions by item ID: an ID given twice in one batch is matched like a stored one.
    private var byID: [Int64: Int] = [:]
    /// One nonce per row, in order.
    private var nonces: [UInt8] = []
    /// The bytes every sealed text takes so far.
    private var sealedCount = 0

    init(capacity: Int) {
        rows.reserveCapacity(capacity)
        byID.reserveCapacity(capacity)
        nonces.reserveCapacity(capacity * SecretBox.nonceLength)
    }

    /// Adds a row; `nonce` is `SecretBox.nonceLength` fresh random bytes.
    mutating func append(_ row: Row, nonce: ArraySlice<UInt8>) {
        var row = row
        row.offset = sealedCount
        sealedCount += SecretBox.nonceLength + row.text.utf8.count + SecretBox.tagLength
        byID[row.id] = rows.count
        rows.append(row)
        nonces += nonce
    }

    /// The row added with this item ID, if any.
    func row(id: Int64) -> Row? {
        byID[id].map { rows[$0] }
    }

    /// The texts of the rows added to the list `listID`.
    func texts(listID: Int64) -> [String] {
        rows.filter { $0.listID == listID }.map(\.text)
    }

    /// Below this many rows the texts are sealed on the calling thread alone.
    static let parallelMinimum = 2048

    /// Rows inserted by one run of the statement: each run costs SQLite a set-up (cursors, the
    /// foreign-key check's cursor, a halt) that one row per statement paid 100,000 times.
    static let group = 32

    /// Seals every row's text under `box`, bound to "items.text:<uid>", then inserts the rows in
    /// ID order, `group` at a time.
    /// - Parameters:
    ///   - insert: The statement that inserts `n` rows (n ≤ `group`; parameters per row: id,
    ///     list_id, text, checked, due, remind, uid, created, modified, all_day).
    ///   - inserted: Called after each row is inserted, with its position in `rows`.
    func write(
        box: SecretBox, prefix: [UInt8], insert: (Int) throws -> Statement, inserted: (Int) throws -> Void
    ) throws {
        guard !rows.isEmpty else { return }
        let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: sealedCount, alignment: 16)
        defer { sealed.deallocate() }
        seal(into: Buffer(sealed), box: box, prefix: prefix)
        // In ID order: each row then goes at the end of the table's B-tree. A store built item
        // by item across lists has its IDs interleaved, list by list they would land anywhere.
        var order = Array(rows.indices)
        if !rows.indices.dropFirst().allSatisfy({ rows[$0 - 1].id < rows[$0].id }) {
            order.sort { rows[$0].id < rows[$1].id }
        }
        var used: [Statement] = []
        // Reset clears the bindings too: none may point into the sealed buffer once it is gone.
        defer { for statement in used { statement.reset() } }
        var start = 0
        while start < order.count {
            let count = min(Self.group, order.count - start)
            let statement = try insert(count)
            if !used.contains(where: { $0 === statement }) { used.append(statement) }
            for (k, n) in order[start..<start + count].enumerated() {
                let row = rows[n]
                let length = SecretBox.nonceLength + row.text.utf8.count + SecretBox.tagLength
                let base = Int32(k * 10)
                try statement.bind(base + 1, row.id)
                try statement.bind(base + 2, row.listID)
                try statement.bind(
                    base + 3, borrowing: UnsafeRawBufferPointer(rebasing: sealed[row.offset..<row.offset + length]))
                try statement.bind(base + 4, row.checked ? 1 : 0)
                try statement.bind(base + 5, row.due)
                try statement.bind(base + 6, row.remind ? 1 : 0)
                try statement.bind(base + 7, text: row.uid)
                try statement.bind(base + 8, row.created)
                try statement.bind(base + 9, row.modified)
                try statement.bind(base + 10, row.allDay ? 1 : 0)
            }
            try statement.runOnce()
            for n in order[start..<start + count] { try inserted(n) }
            start += count
        }
    }

    /// The sealed texts, in runs of rows, on every core when there are many.
    private func seal(into buffer: Buffer, box: SecretBox, prefix: [UInt8]) {
        let rows = self.rows
        let nonces = self.nonces
        let run = 512
        let runs = (rows.count + run - 1) / run
        let body: @Sendable (Int) -> Void = { chunk in
            nonces.withUnsafeBytes { allNonces in
                var associatedData = prefix
                for n in chunk * run..<min(rows.count, chunk * run + run) {
                    let row = rows[n]
                    associatedData.removeSubrange(prefix.count...)
                    associatedData += row.uid.utf8
                    var text = row.text
                    text.withUTF8 { plain in
                        let length = SecretBox.nonceLength + plain.count + SecretBox.tagLength
                        let nonce = UnsafeRawBufferPointer(
                            rebasing: allNonces[n * SecretBox.nonceLength..<(n + 1) * SecretBox.nonceLength])
                        associatedData.withUnsafeBytes { aad in
                            _ = box.seal(
                                UnsafeRawBufferPointer(plain), associatedData: aad, nonce: nonce,
                                into: UnsafeMutableRawBufferPointer(
                                    rebasing: buffer.bytes[row.offset..<row.offset + length]))
                        }
                    }
                }
            }
        }
        if rows.count < Self.parallelMinimum {
            for chunk in 0..<runs { body(chunk) }
        } else {
            DispatchQueue.concurrentPerform(iterations: runs, execute: body)
        }
    }

    /// The sealed texts' memory, written by several threads, each its own rows' bytes.
    private struct Buffer: @unchecked Sendable {
        let bytes: UnsafeMutableRawBufferPointer
        init(_ bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }
    }
}
