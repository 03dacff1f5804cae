import Foundation

/// Content to add to a store in one transaction (`ChecklistStore.importBatch`): what an iOS
/// archive, a JSON backup or a set of VTODOs holds. Identities that are given (uids, item IDs,
/// times) are kept; what is missing is made fresh, as when the user adds it.
public struct ImportBatch: Sendable, Equatable {
    public var lists: [List]
    public var notes: [NoteEntry]
    /// Deletions to remember for a later sync (a backup's tombstones).
    public var tombstones: [Tombstone]
    /// Integer settings by name ("ChecklistItemID", "TombstoneDays", …); see `importBatch`.
    public var settings: [String: Int64]
    /// The position in `lists` of the list that was open last, if known.
    public var openList: Int?
    /// A whole store (a JSON backup): restored into an untouched store, its first-run "List"
    /// gives way, list and note IDs are kept where free, and the settings are taken over.
    public var isRestore: Bool

    public init(
        lists: [List] = [], notes: [NoteEntry] = [], tombstones: [Tombstone] = [], settings: [String: Int64] = [:],
        openList: Int? = nil, isRestore: Bool = false
    ) {
        self.lists = lists
        self.notes = notes
        self.tombstones = tombstones
        self.settings = settings
        self.openList = openList
        self.isRestore = isRestore
    }

    /// The number of items in all lists.
    public var itemCount: Int { lists.reduce(0) { $0 + $1.items.count } }

    /// A list to import. Matched to an existing list by uid when it has one, else by name.
    public struct List: Sendable, Equatable {
        public var id: Int64?
        public var uid: String?
        public var name: String
        public var icon: Icon
        public var created: Date?
        public var modified: Date?
        public var items: [Item]

        public init(
            id: Int64? = nil, uid: String? = nil, name: String, icon: Icon = .noIcon, created: Date? = nil,
            modified: Date? = nil, items: [Item] = []
        ) {
            self.id = id
            self.uid = uid
            self.name = name
            self.icon = icon
            self.created = created
            self.modified = modified
            self.items = items
        }
    }

    /// An item to import. Already there when its uid is known, or its ID names an item with the
    /// same text in the same list, or (with neither) its list holds an item with the same text.
    public struct Item: Sendable, Equatable {
        public var id: Int64?
        public var uid: String?
        public var text: String
        public var checked: Bool
        public var dueDate: Date?
        /// Whether `dueDate` is a day alone (see `ChecklistItem.isAllDay`).
        public var isAllDay: Bool
        public var shouldRemind: Bool
        public var created: Date?
        public var modified: Date?

        public init(
            id: Int64? = nil, uid: String? = nil, text: String, checked: Bool = false, dueDate: Date? = nil,
            isAllDay: Bool = false, shouldRemind: Bool = false, created: Date? = nil, modified: Date? = nil
        ) {
            self.id = id
            self.uid = uid
            self.text = text
            self.checked = checked
            self.dueDate = dueDate
            self.isAllDay = isAllDay && dueDate != nil
            self.shouldRemind = shouldRemind
            self.created = created
            self.modified = modified
        }
    }

    /// A note to import. Already there when its uid is known or a note has the same title and body.
    public struct NoteEntry: Sendable, Equatable {
        public var id: Int64?
        public var uid: String?
        public var title: String
        public var body: String
        public var created: Date?
        public var modified: Date?

        public init(
            id: Int64? = nil, uid: String? = nil, title: String, body: String, created: Date? = nil,
            modified: Date? = nil
        ) {
            self.id = id
            self.uid = uid
            self.title = title
            self.body = body
            self.created = created
            self.modified = modified
        }
    }
}

/// What an import changed (or, for a dry run, would change).
public struct ImportSummary: Sendable, Equatable {
    public var listsAdded = 0
    /// Lists that were there already (matched by uid or name); their new items were added to them.
    public var listsMatched = 0
    public var itemsAdded = 0
    /// Items that were there already.
    public var itemsSkipped = 0
    public var notesAdded = 0
    public var notesSkipped = 0
    /// Added items whose reminder is on and due in the future (scheduled).
    public var remindersScheduled = 0

    public init() {}

    /// Whether the import changes nothing.
    public var isEmpty: Bool { listsAdded == 0 && itemsAdded == 0 && notesAdded == 0 }
}

extension ImportBatch {
    /// The batch with its all-day items due at `hour` (0–23) of their day in `timeZone`
    /// instead of 09:00, the hour a calendar's `DUE;VALUE=DATE` is read at: the all-day hour
    /// setting, as for a day typed without a time.
    public func allDay(atHour hour: Int, timeZone: TimeZone) -> ImportBatch {
        guard hour != 9 else { return self }
        var moved = self
        for l in moved.lists.indices {
            for i in moved.lists[l].items.indices where moved.lists[l].items[i].isAllDay {
                guard let due = moved.lists[l].items[i].dueDate else { continue }
                moved.lists[l].items[i].dueDate = DueDate.allDay(onDayOf: due, hour: hour, timeZone: timeZone)
            }
        }
        return moved
    }
}
