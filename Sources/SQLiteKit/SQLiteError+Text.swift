import Localization

extension SQLiteError: CustomStringConvertible {
    /// One line for the user. A full disk and a read-only file say so: SQLite rolled the change
    /// back, so nothing was changed (reminders.sqlite's errors used to show Swift's own spelling,
    /// `sqlite(code: 13, message: "database or disk is full")`).
    public var description: String {
        switch self {
        case .sqlite(let code, _) where code & 0xFF == 8:  // SQLITE_READONLY and its extended codes
            tr("the store cannot be changed: its folder or files are read-only; nothing was changed")
        case .sqlite(Self.fileSizeLimitCode, _):
            tr("a file would grow past your file size limit (ulimit -f); nothing was changed")
        case .sqlite(let code, let folder) where code & 0xFF == 14:  // SQLITE_CANTOPEN
            tr("cannot open the store's files in %@", folder)
        case .sqlite(let code, _) where code & 0xFF == 13:  // SQLITE_FULL
            tr("the disk is full; nothing was changed")
        case .sqlite(let code, let message): tr("database error %d: %@", code, message)
        case .corrupt(let path): tr("%@ is not a Checklists database or is damaged; it was left untouched", path)
        }
    }
}
