import ChecklistsApp
import ChecklistsKit
import Localization

/// Keys that work on every screen, and the session's events.
extension TerminalApp {
    /// Handles one key: global keys first (unless the screen takes text), then the screen's.
    public func handle(_ key: Key) {
        toast = nil
        guard let top else { return }
        if top is LockScreen || top.capturesText {
            top.handle(key, app: self)
            return
        }
        switch key {
        case .character("?"): push(HelpScreen())
        case .character("/"): push(SearchScreen(app: self))
        case .character("u"): restoreLastDelete()
        case .tab: switchTo(Section(rawValue: (top.section.rawValue + 1) % Section.allCases.count) ?? .checklists)
        case .backTab:
            let count = Section.allCases.count
            switchTo(Section(rawValue: (top.section.rawValue + count - 1) % count) ?? .checklists)
        case .character(let c) where ("1"..."4").contains(c):
            switchTo(Section(rawValue: Int(String(c)).map { $0 - 1 } ?? 0) ?? .checklists)
        default: top.handle(key, app: self)
        }
    }

    /// Shows the top screen of `section`.
    func switchTo(_ section: Section) {
        guard top?.section != section || stack.count > 1 else { return }
        switch section {
        case .checklists: showHome(reopenLast: false)
        case .notes: stack = [NotesScreen(app: self)]
        case .secret: stack = [SecretScreen(app: self)]
        case .settings: stack = [SettingsScreen(app: self)]
        }
    }

    /// Handles an event of the session: a lock shows the lock screen; a change refetches what
    /// the screens show.
    public func handle(_ event: SessionEvent) {
        switch event {
        case .locked:
            if !(top is LockScreen) { showLock() }
        case .unlocked:
            if top is LockScreen { showUnlocked() }
        case .changed(let change):
            // Content changes may move reminders: a running agent re-plans (the reminder intents
            // are committed with the change, so the agent finds them whoever made it).
            switch change {
            case .listsChanged, .itemsChanged: session.pokeReminderAgent()
            case .settingsChanged(let names) where !names.isDisjoint(with: ["AppLock", "LockIdleMinutes"]):
                idleTimeout = Self.idleTimeout(for: session.lockSettings)
            default: break
            }
            guard !(top is LockScreen) else { return }
            for screen in stack { screen.refresh(change, app: self) }
        }
    }

    /// `u`: brings back what the last delete removed (with new IDs; IDs are never reused).
    func restoreLastDelete() {
        guard let undo else {
            say(tr("Nothing to undo."))
            return
        }
        self.undo = nil
        perform {
            switch undo {
            case .item(let item):
                _ = try session.addItem(Self.newItem(item), to: item.listID)
                sayRestored(item.text)
            case .list(let list, let items):
                _ = try session.withStore {
                    try $0.addChecklist(name: list.name, icon: list.icon, items: items.map(Self.newItem))
                }
                sayRestored(list.name)
            case .note(let note):
                _ = try session.addNote(title: note.title, body: note.body)
                sayRestored(note.title)
            }
        }
        // This process's own writes come back as change events too; refetch now for the frame.
        for screen in stack { screen.refresh(.listsChanged([]), app: self) }
        if case .item(let item) = undo {
            for screen in stack { screen.refresh(.itemsChanged(listIDs: [item.listID]), app: self) }
        }
        if case .note = undo { for screen in stack { screen.refresh(.notesChanged([]), app: self) } }
    }

    static func newItem(_ item: ChecklistItem) -> NewItem {
        NewItem(
            text: item.text, checked: item.checked, dueDate: item.dueDate, isAllDay: item.isAllDay,
            shouldRemind: item.shouldRemind)
    }
}
