import Foundation
import SQLiteKit

extension ChecklistStore {
    /// Every note, newest first; bodies are left empty (they are decrypted only when shown).
    public func notes() throws -> [Note] {
        try read { s in
            let stmt = try s.db.prepare("SELECT id, title, modified FROM notes ORDER BY modified DESC, id DESC")
            var notes: [Note] = []
            while try stmt.step() {
                let id = stmt.int64(0)
                notes.append(
                    Note(
                        id: id, title: try s.open(stmt.blob(1), .noteTitle(id), table: "notes", id: id), body: "",
                        modified: Date(timeIntervalSince1970: TimeInterval(stmt.int64(2)))))
            }
            return notes
        }
    }

    /// The note with this ID, body included, or nil.
    public func note(id: Int64) throws -> Note? {
        try read { s in try s.note(id: id) }
    }

    /// Adds a note.
    /// - Throws: `ChecklistsError.emptyNoteTitle` for a blank title.
    @discardableResult
    public func addNote(title: String, body: String) throws -> Note {
        let title = try Self.validTitle(title)
        return try write { s in
            let now = Int64(Date().timeIntervalSince1970)
            try s.db.prepare("INSERT INTO notes(title, body, modified) VALUES (x'', x'', ?)").bind(.int(now)).run()
            let id = s.db.lastInsertRowID
            try s.db.prepare("UPDATE notes SET title = ?, body = ? WHERE id = ?")
                .bind(.blob(s.seal(title, .noteTitle(id))), .blob(s.seal(body, .noteBody(id))), .int(id)).run()
            guard let note = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            return note
        }
    }

    /// Changes a note's title and/or body in place.
    @discardableResult
    public func updateNote(id: Int64, title: String? = nil, body: String? = nil) throws -> Note {
        let title = try title.map(Self.validTitle)
        return try write { s in
            guard var note = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            if let title { note.title = title }
            if let body { note.body = body }
            try s.db.prepare("UPDATE notes SET title = ?, body = ?, modified = ? WHERE id = ?")
                .bind(
                    .blob(s.seal(note.title, .noteTitle(id))), .blob(s.seal(note.body, .noteBody(id))),
                    .int(Int64(Date().timeIntervalSince1970)), .int(id)
                ).run()
            guard let saved = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            return saved
        }
    }

    /// Deletes a note.
    @discardableResult
    public func deleteNote(id: Int64) throws -> Note {
        try write { s in
            guard let note = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            try s.db.prepare("DELETE FROM notes WHERE id = ?").bind(.int(id)).run()
            return note
        }
    }

    static func validTitle(_ title: String) throws -> String {
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ChecklistsError.emptyNoteTitle
        }
        return title
    }
}

extension ChecklistStore.State {
    func note(id: Int64) throws -> Note? {
        let stmt = try db.prepare("SELECT id, title, body, modified FROM notes WHERE id = ?")
        try stmt.bind(.int(id))
        defer { stmt.reset() }
        guard try stmt.step() else { return nil }
        return Note(
            id: id, title: try open(stmt.blob(1), .noteTitle(id), table: "notes", id: id),
            body: try open(stmt.blob(2), .noteBody(id), table: "notes", id: id),
            modified: Date(timeIntervalSince1970: TimeInterval(stmt.int64(3))))
    }
}
