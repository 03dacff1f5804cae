import ChecklistsKit
import Foundation

/// What the iOS apps left in their files, detected by content (never by name): the checklists
/// archive, the notes, and the preferences, gathered into one batch.
public struct IOSImport: Sendable, Equatable {
    /// Which of the app's files a file is.
    public enum Kind: String, Sendable {
        case checklists = "Checklists.plist"
        case notes = "notesData"
        case preferences = "preferences"
    }

    public var lists: [ImportBatch.List] = []
    public var notes: [ImportBatch.NoteEntry] = []
    public var preferences: IOSPreferences?

    public init() {}

    /// Reads one file and adds what it holds.
    /// - Returns: What kind of file it was.
    /// - Throws: `InterchangeError` when it is none of the app's files or is damaged.
    @discardableResult
    public mutating func add(_ data: Data) throws(InterchangeError) -> Kind {
        try add(bytes: [UInt8](data))
    }

    /// Reads one file's bytes and adds what they hold (see `add(_:)`). A binary archive is read
    /// where it lies; anything else is parsed into a property list first.
    @discardableResult
    public mutating func add(bytes: [UInt8]) throws(InterchangeError) -> Kind {
        if bytes.starts(with: Array("bplist".utf8)), let archive = try BinaryArchiveSource(bytes) {
            lists += try IOSChecklists.read(archive)
            return .checklists
        }
        let plist = try KeyedArchive.propertyList(bytes: bytes)
        if let dict = KeyedArchive.dictionary(plist), dict["$archiver"] != nil || dict["$top"] != nil {
            lists += try IOSChecklists.read(plist: plist)
            return .checklists
        }
        if IOSNotes.looksLikeNotes(plist) {
            notes += try IOSNotes.read(plist: plist)
            return .notes
        }
        if IOSPreferences.looksLikePreferences(plist) {
            preferences = try IOSPreferences.read(plist: plist)
            return .preferences
        }
        throw .unrecognized("it is neither Checklists.plist, notesData nor the app's preferences")
    }

    /// The batch to import: the lists, the notes, the item counter and the open list.
    public var batch: ImportBatch {
        var settings: [String: Int64] = [:]
        if let counter = preferences?.checklistItemID { settings[SettingKey.checklistItemID.rawValue] = counter }
        let open = preferences?.checklistIndex.flatMap { lists.indices.contains($0) ? $0 : nil }
        return ImportBatch(lists: lists, notes: notes, settings: settings, openList: open)
    }
}
