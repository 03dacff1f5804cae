import PrivateFiles
import Sodium

/// Custody of the store's 256-bit data key. The store asks for it; where it lives is the
/// provider's business (a key file now; the keychain and the app lock later).
public protocol KeyProvider: Sendable {
    /// The existing data key, or nil when none has been made yet.
    func loadKey() throws -> SecureBytes?
    /// Makes, stores durably and returns a new random data key.
    func createKey() throws -> SecureBytes
    /// Where the key lives, for error messages ("~/.local/share/checklists/data.key").
    var location: String { get }
    /// The existing data key, choosing among several candidates the one that `opens` the store
    /// (a provider that looks in more than one place implements this; others need not).
    func loadKey(opening opens: (SecureBytes) -> Bool) throws -> SecureBytes?
}

extension KeyProvider {
    public func loadKey(opening opens: (SecureBytes) -> Bool) throws -> SecureBytes? {
        try loadKey()
    }
}

/// Keeps the data key as 32 raw bytes in a 0600 file (`data.key` in the data directory).
public struct FileKeyProvider: KeyProvider {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var location: String { path }

    public func loadKey() throws -> SecureBytes? {
        let read: [UInt8]?
        do { read = try SecureFile.read(path) } catch let error as FileError { throw StoreError(error) }
        guard var bytes = read else { return nil }
        guard bytes.count == SecretBox.keyLength else {
            Sodium.wipe(&bytes)
            throw StoreError.missingKey(path: path)
        }
        return try SecureBytes(consuming: &bytes)
    }

    public func createKey() throws -> SecureBytes {
        let key = try SecureBytes(randomCount: SecretBox.keyLength)
        var bytes = key.copyBytes()
        defer { Sodium.wipe(&bytes) }
        do { try SecureFile.writeAtomically(bytes, to: path, exclusive: true) } catch let error as FileError {
            throw StoreError(error)
        }
        return key
    }
}

/// A key already in hand (e.g. just unlocked), for opening the store without asking again.
public struct StaticKeyProvider: KeyProvider {
    public let key: SecureBytes

    public init(key: SecureBytes) {
        self.key = key
    }

    public var location: String { "memory" }
    public func loadKey() throws -> SecureBytes? { key }
    public func createKey() throws -> SecureBytes { key }
}
