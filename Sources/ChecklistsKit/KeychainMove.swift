import Keychain

/// Moves a store's keychain items to another backend (`keychain use`) so that a crash at any
/// step leaves every item readable where the setting points: copy and read back each item,
/// then flip the setting, and only then delete the old copies.
public enum KeychainMove {
    /// Moves this store's items and the user's own from `source` to `target`.
    /// - Parameters:
    ///   - items: This store's key item names; other stores' and unnamed legacy key items stay.
    ///   - flip: Records the new backend in the settings; called once every copy is verified.
    /// - Returns: The names moved.
    /// - Throws: `KeychainError` when a copy is not kept (nothing is deleted then), or what
    ///   `flip` throws.
    @discardableResult
    public static func move(
        from source: any KeychainBackend, to target: any KeychainBackend, service: String, items: KeyItems,
        flip: () throws -> Void
    ) throws -> [String] {
        let keys = try source.keys(service: service).filter { !items.belongsElsewhere($0) }.sorted()
        for key in keys {
            guard let record = try source.read(service: service, key: key) else { continue }
            try target.write(record, service: service, key: key)
            guard try target.read(service: service, key: key) == record else {
                throw KeychainError.backend("the \(target.name) did not keep \(key)")
            }
        }
        try flip()
        for key in keys { _ = try source.delete(service: service, key: key) }
        return keys
    }
}
