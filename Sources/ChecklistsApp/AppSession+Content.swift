import ChecklistsKit
import Foundation

/// Content calls: each needs the session unlocked and throws `AppSessionError.locked` while it
/// is not (the UI shows the lock screen). Each runs on the session's serial executor; the
/// `async` variant of any of them is `run { try $0.lists() }`.
extension AppSession {
    /// Runs `body` with the unlocked store (its writes recorded as this session's own, see
    /// `watchChanges`).
    /// - Throws: `AppSessionError.locked` while locked, else what `body` throws.
    public func withStore<T>(_ body: (ChecklistStore) throws -> T) throws -> T {
        try serialized {
            let store = try unlockedStore()
            guard let ownChanges else { return try body(store) }
            return try ownChanges.recording(store) { try body(store) }
        }
    }

    /// All checklists, sorted for the configuration's locale.
    public func lists() throws -> [Checklist] {
        configuration.locale.sorted(try withStore { try $0.checklists() })
    }

    /// The list that `reference` (an ID or a name) names.
    public func list(_ reference: String) throws -> Checklist {
        try withStore { try $0.resolveList(reference) }
    }

    /// A new list.
    public func addList(name: String, icon: Icon = .noIcon) throws -> Checklist {
        try withStore { try $0.addChecklist(name: name, icon: icon) }
    }

    /// Renames a list or changes its icon (nil leaves that part as it is).
    public func editList(id: Int64, name: String? = nil, icon: Icon? = nil) throws -> Checklist {
        try withStore { try $0.updateChecklist(id: id, name: name, icon: icon) }
    }

    /// Deletes a list and its items.
    /// - Returns: The list and the items deleted with it.
    public func deleteListAndItems(id: Int64) throws -> (list: Checklist, items: [ChecklistItem]) {
        try withStore { try $0.deleteChecklist(id: id) }
    }

    /// The list last opened (`checklistIndex`), else the first by name; nil when there is none.
    public func lastOpenedList() throws -> Checklist? {
        try withStore { try $0.lastOpenedList(locale: configuration.locale) }
    }

    /// Remembers `listID` as the list last opened; best effort (a read-only or full disk can
    /// still show the list).
    public func rememberOpenedList(_ listID: Int64) {
        try? withStore { store in
            if (try? store.integer(.checklistIndex)) != listID { try? store.setInteger(.checklistIndex, listID) }
        }
    }

    /// Deletes a list and its items.
    @discardableResult
    public func deleteList(id: Int64) throws -> Checklist {
        try withStore { try $0.deleteChecklist(id: id).0 }
    }

    /// A list's items.
    public func items(in listID: Int64) throws -> [ChecklistItem] {
        try withStore { try $0.items(in: listID) }
    }

    /// A list's items and the IDs of those that could not be decrypted (shown apart).
    public func readItems(in listID: Int64) throws -> ItemsRead {
        try withStore { try $0.readItems(in: listID) }
    }

    /// The items of every list whose text contains `text` (case- and diacritic-insensitive, as
    /// the locale compares), in list order then item order, each with its list; none for empty text.
    public func searchItems(_ text: String) throws -> [(item: ChecklistItem, list: Checklist)] {
        guard !text.isEmpty else { return [] }
        return try lists().flatMap { list in
            try items(in: list.id).filter { $0.text.localizedStandardContains(text) }.map { ($0, list) }
        }
    }

    /// A new item in a list.
    public func addItem(_ item: NewItem, to listID: Int64) throws -> ChecklistItem {
        try withStore { try $0.addItem(item, to: listID) }
    }

    /// New items in a list, in one transaction.
    public func addItems(_ items: [NewItem], to listID: Int64) throws -> [ChecklistItem] {
        try withStore { try $0.addItems(items, to: listID) }
    }

    /// Edits an item.
    public func editItem(id: Int64, _ changes: ItemChanges) throws -> ChecklistItem {
        try withStore { try $0.updateItem(id: id, changes).new }
    }

    /// Checks or unchecks an item.
    public func toggleItem(id: Int64) throws -> ChecklistItem {
        try withStore { try $0.toggleItem(id: id) }
    }

    /// Checks (`true`) or unchecks an item.
    public func setChecked(id: Int64, _ checked: Bool) throws -> ChecklistItem {
        try withStore { try $0.setChecked(id: id, checked) }
    }

    /// Deletes an item.
    @discardableResult
    public func deleteItem(id: Int64) throws -> ChecklistItem {
        try withStore { try $0.deleteItem(id: id) }
    }

    /// All notes.
    public func notes() throws -> [Note] {
        try withStore { try $0.notes() }
    }

    /// A new note.
    public func addNote(title: String, body: String) throws -> Note {
        try withStore { try $0.addNote(title: title, body: body) }
    }

    /// The note with `id`, or nil.
    public func note(id: Int64) throws -> Note? {
        try withStore { try $0.note(id: id) }
    }

    /// Changes a note's title or body (nil leaves that part as it is).
    public func editNote(id: Int64, title: String? = nil, body: String? = nil) throws -> Note {
        try withStore { try $0.updateNote(id: id, title: title, body: body) }
    }

    /// Saves text edited at length (in an editor) into note `id`, or into a new note when `id`
    /// was deleted meanwhile, so the user's text is never lost (`ChecklistStore.saveEditedNote`).
    public func saveEditedNote(id: Int64, title: String, body: String) throws -> (note: Note, isNew: Bool) {
        try withStore { try $0.saveEditedNote(id: id, title: title, body: body) }
    }

    /// Deletes a note.
    @discardableResult
    public func deleteNote(id: Int64) throws -> Note {
        try withStore { try $0.deleteNote(id: id) }
    }

    /// A setting stored with the content.
    public func setting(_ key: SettingKey) throws -> Int64 {
        try withStore { try $0.integer(key) }
    }

    /// Changes a setting stored with the content.
    public func setSetting(_ key: SettingKey, _ value: Int64) throws {
        try withStore { try $0.setInteger(key, value) }
    }

    /// The secret message, unlocked for showing (after its check).
    public func secret() throws -> SecretMessage {
        try serialized {
            if lockSettings.method != .off { _ = try unlockedStore() }
            let message = try openSecret()
            try message.unlock()
            return message
        }
    }
}
