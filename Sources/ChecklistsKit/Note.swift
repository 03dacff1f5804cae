import Foundation

/// A note: a title (required) and a body (any text, may be empty).
public struct Note: Sendable, Equatable, Identifiable {
    /// The local ID the CLI shows.
    public var id: Int64
    /// The stable identity for interchange and sync: a lowercase UUID, never changed.
    public var uid: String
    public var title: String
    public var body: String
    /// When it was last saved.
    public var modified: Date
    /// When it was first saved.
    public var created: Date

    public init(
        id: Int64, uid: String = "", title: String, body: String, modified: Date,
        created: Date = Date(timeIntervalSince1970: 0)
    ) {
        self.id = id
        self.uid = uid
        self.created = created
        self.title = title
        self.body = body
        self.modified = modified
    }
}
