import ChecklistsKit

/// Rows deleted on screen whose deletion waits for their undo toast to go away.
@MainActor
final class PendingDeletes {
    /// What was deleted.
    enum Target {
        case item(ChecklistItem)
        case list(Checklist)
    }

    /// One deletion and its toast.
    struct Pending {
        var target: Target
        let toast: OpaquePointer
    }

    private var pending: [Pending] = []

    func add(_ target: Target, toast: OpaquePointer) {
        pending.append(Pending(target: target, toast: toast))
    }

    /// The deletion shown by `toast`, removed from the pending ones.
    func take(_ toast: OpaquePointer) -> Pending? {
        guard let index = pending.firstIndex(where: { $0.toast == toast }) else { return nil }
        return pending.remove(at: index)
    }

    /// The toasts of every pending deletion.
    var toasts: [OpaquePointer] { pending.map(\.toast) }

    /// The newest deletion (undo), removed.
    func takeLast() -> Pending? { pending.popLast() }

    /// The oldest deletion, removed.
    func takeFirst() -> Pending? { pending.isEmpty ? nil : pending.removeFirst() }

    func hidesItem(_ id: Int64) -> Bool {
        pending.contains { if case .item(let item) = $0.target { item.id == id } else { false } }
    }

    func hidesList(_ id: Int64) -> Bool {
        pending.contains { if case .list(let list) = $0.target { list.id == id } else { false } }
    }

    /// Brings the pending item deletions up to date with the store after another process's
    /// change (`fresh` reads an item: nil when it is gone, or throws): the counts then follow
    /// each item as it is now, checked or unchecked elsewhere. A deletion whose item is gone
    /// (deleted elsewhere) is removed and returned: nothing is left to undo, and the store's
    /// counts already leave it out.
    func refresh(_ fresh: (Int64) throws -> ChecklistItem?) -> [Pending] {
        var gone: [Pending] = []
        for index in pending.indices.reversed() {
            guard case .item(let item) = pending[index].target else { continue }
            let now: ChecklistItem?
            do { now = try fresh(item.id) } catch { continue }  // unread: kept as it was
            if let now {
                pending[index].target = .item(now)
            } else {
                gone.append(pending.remove(at: index))
            }
        }
        return gone.reversed()
    }

    /// `list` with its counts as they will be once the pending item deletions happen.
    func adjusted(_ list: Checklist) -> Checklist {
        var list = list
        for case .item(let item) in pending.map(\.target) where item.listID == list.id {
            list.total = max(0, list.total - 1)
            if !item.checked { list.remaining = max(0, list.remaining - 1) }
        }
        return list
    }
}
