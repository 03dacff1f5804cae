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
        let target: Target
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
