/// The JSON backup's shape, version 1 (documented in docs/BACKUP.md).
struct BackupDocument: Codable {
    let format: String
    let version: Int
    let lists: [List]
    let notes: [Note]
    let tombstones: [Tombstone]
    /// "ChecklistIndex", "ChecklistItemID", "TombstoneDays".
    let settings: [String: Int64]
    /// The secret message, only when exported with `--include-secret`.
    let secret: String?

    struct List: Codable {
        let id: Int64
        let uid: String
        let name: String
        let icon: String
        let created: String
        let modified: String
        let items: [Item]
    }

    struct Item: Codable {
        let id: Int64
        let uid: String
        let text: String
        let checked: Bool
        /// Omitted (not null) when the item has no due date.
        let due: String?
        /// Whether `due` is a day alone; written only when true, so that a store without all-day
        /// items backs up to the bytes it did before the field existed.
        let allDay: Bool?
        let remind: Bool
        let created: String
        let modified: String
    }

    struct Note: Codable {
        let id: Int64
        let uid: String
        let title: String
        let body: String
        let created: String
        let modified: String
    }

    struct Tombstone: Codable {
        let uid: String
        let kind: String
        let deleted: String
    }
}
