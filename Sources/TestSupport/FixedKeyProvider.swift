import ChecklistsKit
import Sodium

/// A key provider that holds one key in memory, for unit tests that need no key file.
public final class FixedKeyProvider: KeyProvider, @unchecked Sendable {
    private var key: [UInt8]?
    public var location: String { "memory" }

    /// Starts with `key`, or with none (the store will ask for a new one).
    public init(key: [UInt8]? = nil) {
        self.key = key
    }

    public func loadKey() throws -> SecureBytes? {
        guard var copy = key else { return nil }
        return try SecureBytes(consuming: &copy)
    }

    public func createKey() throws -> SecureBytes {
        let bytes = Sodium.randomBytes(SecretBox.keyLength)
        key = bytes
        var copy = bytes
        return try SecureBytes(consuming: &copy)
    }
}
