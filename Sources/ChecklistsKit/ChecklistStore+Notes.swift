import Foundation
import SQLiteKit

extension ChecklistStore {
    /// Every note, newest first; bodies are left empty (they are decrypted only when shown).
    public func notes() throws -> [Note] {
        try read { s in
            let stmt = try s.db.prepare(
                "SELECT id, title, modified, uid, created, aad FROM notes ORDER BY modified DESC, id DESC")
            var notes: [Note] = []
            while try stmt.step() {
                let id = stmt.int64(0)
                let uid = stmt.text(3)
                let key = State.binding(id: id, uid: uid, aad: stmt.int64(5))
                notes.append(
                    Note(
                        id: id, uid: uid, title: try s.open(stmt.blob(1), .noteTitle(key), table: "notes", id: id),
                        body: "", modified: State.date(stmt.int64(2)), created: State.date(stmt.int64(4))))
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
        return try write { s in try s.insertNote(title: title, body: body) }
    }

    /// Changes a note's title and/or body in place.
    @discardableResult
    public func updateNote(id: Int64, title: String? = nil, body: String? = nil) throws -> Note {
        let title = try title.map(Self.validTitle)
        return try write { s in
            guard let note = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            return try s.update(note, title: title, body: body)
        }
    }

    /// Saves text the user edited (in an editor, for some time) into note `id`; when that note
    /// was deleted meanwhile — by another process while the editor ran — the text goes into a
    /// new note instead, so what the user typed is never lost. One transaction decides.
    /// - Returns: The saved note, and whether it is a new one (the note `id` was gone).
    /// - Throws: `ChecklistsError.emptyNoteTitle` for a blank title.
    public func saveEditedNote(id: Int64, title: String, body: String) throws -> (note: Note, isNew: Bool) {
        let title = try Self.validTitle(title)
        return try write { s in
            guard let note = try s.note(id: id) else { return (try s.insertNote(title: title, body: body), true) }
            return (try s.update(note, title: title, body: body), false)
        }
    }

    /// Deletes a note, leaving its tombstone.
    @discardableResult
    public func deleteNote(id: Int64) throws -> Note {
        try write { s in
            guard let note = try s.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
            try s.bury(uid: note.uid, kind: .note)
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
    /// Inserts a note with a fresh UID (the title already checked).
    func insertNote(title: String, body: String) throws -> Note {
        let now = Self.now()
        let uid = Self.newUID()
        try db.prepare("INSERT INTO notes(uid, title, body, modified, created, aad) VALUES (?, ?, ?, ?, ?, 1)")
            .bind(
                .text(uid), .blob(seal(title, .noteTitle(uid))), .blob(seal(body, .noteBody(uid))), .int(now),
                .int(now)
            ).run()
        let id = db.lastInsertRowID
        guard let note = try self.note(id: id) else { throw ChecklistsError.noteNotFound(id) }
        return note
    }

    /// Writes `note` back with a new title and/or body (nil keeps that part).
    func update(_ note: Note, title: String?, body: String?) throws -> Note {
        var note = note
        if let title { note.title = title }
        if let body { note.body = body }
        try db.prepare("UPDATE notes SET title = ?, body = ?, modified = ?, aad = 1 WHERE id = ?")
            .bind(
                .blob(seal(note.title, .noteTitle(note.uid))), .blob(seal(note.body, .noteBody(note.uid))),
                .int(Self.now()), .int(note.id)
            ).run()
        guard let saved = try self.note(id: note.id) else { throw ChecklistsError.noteNotFound(note.id) }
        return saved
    }

    func note(id: Int64) throws -> Note? {
        let stmt = try db.prepare("SELECT id, title, body, modified, uid, created, aad FROM notes WHERE id = ?")
        try stmt.bind(.int(id))
        defer { stmt.reset() }
        guard try stmt.step() else { return nil }
        let uid = stmt.text(4)
        let key = Self.binding(id: id, uid: uid, aad: stmt.int64(6))
        return Note(
            id: id, uid: uid, title: try open(stmt.blob(1), .noteTitle(key), table: "notes", id: id),
            body: try open(stmt.blob(2), .noteBody(key), table: "notes", id: id), modified: Self.date(stmt.int64(3)),
            created: Self.date(stmt.int64(5)))
    }
}
