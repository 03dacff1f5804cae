/// A form whose typing outlives the app lock: while the lock screen shows, the form is kept
/// in memory only (never drawn, never written anywhere), and once unlocked it is back on top of
/// the screen it was opened from, as it was left — text, cursor, focused field. Nothing is saved
/// on the user's behalf: Done and Cancel stay theirs.
protocol DraftForm: Screen {
    /// The list whose Checklist screen the form was opened from; nil for the Checklists screen.
    var parentListID: Int64? { get }
}
