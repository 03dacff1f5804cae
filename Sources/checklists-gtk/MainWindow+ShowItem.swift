import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization

/// Opening the window at one item (`checklists-gtk --item ID`, as a reminder's notification
/// would): its list opens with the item selected and focused, once the window is unlocked.
extension MainWindow {
    /// Shows item `id` now when unlocked, else right after the unlock.
    func show(item id: Int64) {
        pendingItem = id
        if !session.isLocked { showPendingItem() }
    }

    /// Opens the list of the item asked for, if any (a missing item shows the lists as they are).
    func showPendingItem() {
        guard let id = pendingItem else { return }
        pendingItem = nil
        guard let item = attempt({ try session.withStore { try $0.item(id: id) } }) ?? nil,
            let list = sidebar.lists.first(where: { $0.id == item.listID })
        else { return toast(tr("That item is gone.")) }
        open(list, at: item.id)
    }

    /// The item ID after `--item` in `arguments`, if there is a valid one.
    static func itemArgument(_ arguments: [String]) -> Int64? {
        guard let index = arguments.firstIndex(of: "--item"), index + 1 < arguments.count else { return nil }
        return Int64(arguments[index + 1])
    }
}
