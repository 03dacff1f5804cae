import Foundation

/// What a backend stores for one item: the value and the rules for reading it.
public struct KeychainRecord: Sendable, Equatable, Codable {
    public var data: Data
    public var accessibility: KeychainItemAccessibility
    public var accessControl: KeychainAccessControl
    /// For `.biometryCurrentSet`: the enrolled-finger set at the time of storing.
    public var domainState: Data?

    public init(
        data: Data, accessibility: KeychainItemAccessibility = .whenUnlocked, accessControl: KeychainAccessControl = [],
        domainState: Data? = nil
    ) {
        self.data = data
        self.accessibility = accessibility
        self.accessControl = accessControl
        self.domainState = domainState
    }

}

/// Where keychain items live. Implementations: `MemoryKeychain`, `FileVault`, and the
/// Secret Service backend in `SecretServiceKeychain`.
public protocol KeychainBackend: Sendable {
    /// A short name shown to the user ("Secret Service", "file vault").
    var name: String { get }
    /// The item stored under `key` for `service`, or nil.
    func read(service: String, key: String) throws(KeychainError) -> KeychainRecord?
    /// Stores (or replaces) an item.
    func write(_ record: KeychainRecord, service: String, key: String) throws(KeychainError)
    /// Removes an item; false when there was none.
    func delete(service: String, key: String) throws(KeychainError) -> Bool
    /// The keys stored for `service` (never other services' keys).
    func keys(service: String) throws(KeychainError) -> Set<String>
}

/// An in-memory backend, for unit tests.
public final class MemoryKeychain: KeychainBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: [String: KeychainRecord]] = [:]

    public init() {}

    public var name: String { "memory" }

    public func read(service: String, key: String) throws(KeychainError) -> KeychainRecord? {
        lock.withLock { items[service]?[key] }
    }

    public func write(_ record: KeychainRecord, service: String, key: String) throws(KeychainError) {
        lock.withLock { items[service, default: [:]][key] = record }
    }

    public func delete(service: String, key: String) throws(KeychainError) -> Bool {
        lock.withLock { items[service]?.removeValue(forKey: key) != nil }
    }

    public func keys(service: String) throws(KeychainError) -> Set<String> {
        lock.withLock { Set(items[service]?.keys ?? [:].keys) }
    }
}
