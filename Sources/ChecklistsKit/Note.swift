import Foundation

/// A note: a title (required) and a body (any text, may be empty).
public struct Note: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var title: String
    public var body: String
    /// When it was last saved.
    public var modified: Date

    public init(id: Int64, title: String, body: String, modified: Date) {
        self.id = id
        self.title = title
        self.body = body
        self.modified = modified
    }
}
