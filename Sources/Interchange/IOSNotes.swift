import ChecklistsKit
import Foundation

/// Reads the iOS notes app's `notesData`: a plist array of dictionaries with "title" and "body".
public enum IOSNotes {
    public static let maxNotes = 100_000

    /// Whether `plist` (a parsed property list) has the shape of `notesData`.
    static func looksLikeNotes(_ plist: Any) -> Bool {
        plist is [Any]  // the only one of the app's files that is an array
    }

    /// The notes in the file, in its order.
    public static func read(_ data: Data) throws(InterchangeError) -> [ImportBatch.NoteEntry] {
        try read(plist: try KeyedArchive.propertyList(data))
    }

    static func read(plist: Any) throws(InterchangeError) -> [ImportBatch.NoteEntry] {
        guard let array = plist as? [Any] else { throw .unrecognized("notesData is an array of notes") }
        guard array.count <= maxNotes else { throw .tooLarge("\(array.count) notes") }
        var notes: [ImportBatch.NoteEntry] = []
        for (n, element) in array.enumerated() {
            guard let note = KeyedArchive.dictionary(element) else {
                throw .malformed("note \(n + 1) is not a dictionary")
            }
            guard let title = note["title"] as? String else { throw .malformed("note \(n + 1) has no text \"title\"") }
            let body = note["body"] ?? ""
            guard let bodyText = body as? String else { throw .malformed("note \(n + 1) \"body\" is not text") }
            guard !Blank.check(title) else {
                throw .malformed("note \(n + 1) has an empty title")
            }
            guard title.utf8.count + bodyText.utf8.count <= KeyedArchive.maxStringLength * 16 else {
                throw .tooLarge("note \(n + 1) is over 16 MiB")
            }
            notes.append(ImportBatch.NoteEntry(title: title, body: bodyText))
        }
        return notes
    }
}
