import Foundation

/// What a deletion leaves behind for a later sync: the uid of the deleted list, item or note,
/// what it was, and when it went.
public struct Tombstone: Sendable, Equatable {
    /// What was deleted.
    public enum Kind: String, Sendable {
        case list
        case item
        case note
    }

    public var uid: String
    public var kind: Kind
    public var deletedAt: Date

    public init(uid: String, kind: Kind, deletedAt: Date) {
        self.uid = uid
        self.kind = kind
        self.deletedAt = deletedAt
    }
}
