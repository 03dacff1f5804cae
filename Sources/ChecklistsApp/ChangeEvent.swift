/// What another process (the CLI, the reminder agent, later sync) changed in the store, named
/// closely enough that a UI fetches only what it shows.
public enum ChangeEvent: Sendable, Equatable {
    /// Lists added, deleted, renamed, given another icon, or whose counts changed.
    case listsChanged(Set<Int64>)
    /// Lists whose items were added, edited, checked, moved or deleted.
    case itemsChanged(listIDs: Set<Int64>)
    /// Notes added, edited or deleted.
    case notesChanged(Set<Int64>)
    /// Settings whose value changed, by key (keys are plain names such as "AppLock").
    case settingsChanged(Set<String>)
}
