import CSQLite

/// Binding one parameter at a time, for a statement run many times in a loop (a bulk import):
/// `bind(_:)` takes its values as an array of enums, which costs an allocation and a copy of
/// every text and blob per row.
extension Statement {
    /// Binds `value` to the parameter at `index` (1-based).
    public func bind(_ index: Int32, _ value: Int64) throws {
        try check(sqlite3_bind_int64(stmt, index, value))
    }

    /// Binds `value`, or NULL when it is nil, to the parameter at `index`.
    public func bind(_ index: Int32, _ value: Int64?) throws {
        guard let value else { return try check(sqlite3_bind_null(stmt, index)) }
        try check(sqlite3_bind_int64(stmt, index, value))
    }

    /// Binds `text` to the parameter at `index` (SQLite keeps a copy).
    public func bind(_ index: Int32, text: String) throws {
        var text = text
        try text.withUTF8 { utf8 in
            try check(sqlite3_bind_text(stmt, index, utf8.baseAddress, Int32(utf8.count), transient))
        }
    }

    /// Binds the bytes at `blob` to the parameter at `index` without copying them: they must
    /// stay as they are until the statement has been run and the parameter bound again.
    public func bind(_ index: Int32, borrowing blob: UnsafeRawBufferPointer) throws {
        // A zero-length blob needs a non-null pointer to be a blob rather than NULL.
        let empty: StaticString = ""
        let base = blob.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
        try check(sqlite3_bind_blob(stmt, index, base, Int32(blob.count), nil))
    }

    /// Runs a statement that returns no rows once and resets it, keeping its bindings.
    public func runOnce() throws {
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else {
            let error = database.error(rc)
            sqlite3_reset(stmt)
            throw error
        }
        sqlite3_reset(stmt)
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else { throw database.error(rc) }
    }
}
