/// The lock screen coming and going: what was shown is dropped with the key, except a form
/// being typed, which comes back as it was left.
extension TerminalApp {
    /// The lock screen alone. Content screens go (they are fetched again once unlocked), and so
    /// does a message about content ("Deleted “…”. u to undo." would show under the lock). A form
    /// being typed is kept aside, undrawn, for `showUnlocked`.
    func showLock() {
        if let index = stack.lastIndex(where: { $0 is any DraftForm }) {
            lockedForm = [stack[index]] + stack[(index + 1)...].filter { $0 is IconPickerScreen }
        }
        undo = nil
        toast = nil
        stack = [LockScreen(app: self)]
    }

    /// After an unlock: the list that was open last, or the form that was being typed when the
    /// lock came, over the screen it was opened from (its list fetched again: a list deleted
    /// meanwhile leaves the form over the Checklists screen, and Done says the list is gone).
    func showUnlocked() {
        let form = lockedForm
        lockedForm = []
        guard let draft = form.first as? any DraftForm else {
            showHome(reopenLast: true)
            return
        }
        showHome(reopenLast: false)
        if let listID = draft.parentListID, let lists = top as? ListsScreen,
            let index = lists.lists.firstIndex(where: { $0.id == listID })
        {
            lists.scroller.selection = index
            push(ChecklistScreen(list: lists.lists[index], app: self))
        }
        stack += form
    }
}
