import Localization
import PrivateFiles
import SQLiteKit

extension StoreError {
    /// The store's view of an SQLite failure.
    init(_ error: SQLiteError) {
        switch error {
        case .sqlite(let code, let message): self = .sqlite(code: code, message: message)
        case .corrupt(let path): self = .corrupt(path: path)
        }
    }
}

/// Errors from the checklists store: storage, schema and encryption failures.
public enum StoreError: Error, Sendable, Equatable {
    /// SQLite returned an error code.
    case sqlite(code: Int32, message: String)
    /// The file is not a database, or is damaged.
    case corrupt(path: String)
    /// The database was written by a newer version of Checklists.
    case newerSchema(found: Int32, supported: Int32)
    /// The data key does not open this database.
    case wrongKey
    /// Another process re-sealed the store under a new data key (the app lock changed) after
    /// this one opened it; nothing was written.
    case keyChanged
    /// No data key is available, but the database already holds encrypted content.
    case missingKey(path: String)
    /// A row could not be decrypted.
    case undecryptable(table: String, id: Int64)
    /// The data directory or a file in it could not be created or secured.
    case filesystem(path: String, errno: Int32)
    /// A file or folder of the store is there but unsafe to use (`reason` says why).
    case unsafe(path: String, reason: String)
    /// The database path is a FIFO, device, directory or other non-regular file.
    case notRegularFile(path: String)
    /// `PRAGMA quick_check` found damage (its first finding is `detail`).
    case damaged(path: String, detail: String)
}

extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .sqlite(let code, let message): SQLiteError.sqlite(code: code, message: message).description
        case .corrupt(let path): SQLiteError.corrupt(path: path).description
        case .newerSchema(let found, let supported):
            tr(
                "the database has schema version %d, newer than this version of Checklists understands (%d); it was left untouched",
                found, supported)
        case .wrongKey: tr("the data key does not open this database")
        case .keyChanged:
            tr(
                "another Checklists process changed the app lock meanwhile; nothing was changed here: run the command again"
            )
        case .missingKey(let path): tr("the data key is missing (%@); the database was left untouched", path)
        case .undecryptable(let table, let id): tr("row %d of %@ could not be decrypted", id, table)
        case .filesystem(let path, let errno): "\(path): \(String(cString: strerror(errno)))"
        case .unsafe(let path, let reason): "\(path): \(reason)"
        case .notRegularFile(let path): tr("%@ is not a regular file; refusing to open it", path)
        case .damaged(let path, let detail):
            tr("%1$@ is damaged (%2$@); restore it from a backup, or try: sqlite3 %1$@ .recover", path, detail)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension StoreError {
    /// A filesystem failure of the store's files.
    init(_ error: FileError) {
        if let reason = error.reason {
            self = .unsafe(path: error.path, reason: reason)
        } else {
            self = .filesystem(path: error.path, errno: error.errno)
        }
    }
}
