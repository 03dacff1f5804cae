import Localization

/// Why the files given to an import cannot be imported; nothing is imported then.
public enum ImportFileError: Error, Sendable, Equatable {
    /// The file named does not exist.
    case noSuchFile(String)
    /// A path given to `import ios` names nothing.
    case noSuchPath(String)
    /// The file could not be read (the file error's description, which names it).
    case unreadable(String)
    /// The file at `path` is not what it should be (`reason` says why).
    case invalid(path: String, reason: String)
    /// A file given to `import` that is neither a JSON backup nor an iCalendar file.
    case notBackupOrCalendar(String)
    /// A property list given where a backup or calendar was expected.
    case propertyList(String)
    /// Nothing among the paths is a file of the iOS app (the paths, joined by spaces).
    case noIOSFiles(String)
    /// The folder holds no .ics files.
    case noCalendars(String)
}

extension ImportFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noSuchFile(let path): tr("%@: no such file", path)
        case .noSuchPath(let path): tr("%@: no such file or folder", path)
        case .unreadable(let reason): tr("cannot read %@; nothing was imported.", reason)
        case .invalid(let path, let reason): tr("%@: %@; nothing was imported.", path, reason)
        case .notBackupOrCalendar(let path):
            tr("%@: neither a JSON backup nor an iCalendar file; nothing was imported.", path)
        case .propertyList(let path):
            tr("%@ is a property list: import the iOS app's files with 'checklists import ios %@'.", path, path)
        case .noIOSFiles(let paths): tr("No file of the iOS app was found in %@.", paths)
        case .noCalendars(let path): tr("%@ holds no .ics files; nothing was imported.", path)
        }
    }
}
