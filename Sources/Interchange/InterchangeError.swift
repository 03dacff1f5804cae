import Localization

/// Why a file could not be read or written. Says what is wrong; the front end names the file.
/// Nothing is imported from a file that gives one of these.
public enum InterchangeError: Error, Sendable, Equatable {
    /// Not a property list at all (or a damaged one): the parser's words.
    case notPropertyList(String)
    /// A property list, but not one the iOS app wrote.
    case unrecognized(String)
    /// The iOS app's kind of file, but with something wrong inside it.
    case malformed(String)
    /// Over one of the reader's limits (objects, items, text length, nesting).
    case tooLarge(String)
    /// A JSON backup that does not follow the schema.
    case badBackup(String)
    /// A backup written by a newer version of the schema.
    case newerBackup(found: Int, supported: Int)
    /// An iCalendar file that cannot be read, with the line it failed at (1-based, 0 unknown).
    case badCalendar(line: Int, String)
    /// Bytes that are not UTF-8 where text must be.
    case notUTF8
}

extension InterchangeError: CustomStringConvertible {
    /// In the user's language; the detail after the colon (what the reader found, in the file's
    /// own terms: keys, properties, values) stays as written.
    public var description: String {
        switch self {
        case .notPropertyList(let why): tr("not a property list (%@)", why)
        case .unrecognized(let why): tr("not a file of the iOS Checklists app: %@", why)
        case .malformed(let why): tr("damaged iOS archive: %@", why)
        case .tooLarge(let why): tr("too large: %@", why)
        case .badBackup(let why): tr("not a valid Checklists backup: %@", why)
        case .newerBackup(let found, let supported):
            tr("backup format version %d is newer than this program reads (%d); update Checklists", found, supported)
        case .badCalendar(let line, let why): line > 0 ? tr("line %d: %@", line, why) : why
        case .notUTF8: tr("the text is not valid UTF-8")
        }
    }
}
