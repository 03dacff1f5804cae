import Foundation
import PrivateFiles
import Sodium

/// A keychain in one 0600 file, encrypted with XChaCha20-Poly1305 (libsodium).
///
/// The vault key is either random, kept in a 0600 key file beside the vault, or derived with
/// Argon2id from a passcode (the salt and cost are in the vault's header). Every change
/// rewrites the file atomically (temp file, fsync, rename, fsync of the directory) under an
/// exclusive lock, so a crash leaves the old vault or the new one, never a broken one. A write
/// or delete that changes nothing (the item is already so, or absent) leaves the file alone:
/// the app removes leftover items after every unlock, and two fsyncs per absent item were most
/// of an unlock's time.
public final class FileVault: KeychainBackend, @unchecked Sendable {
    /// How the vault key is obtained.
    public enum KeySource: Sendable {
        /// A random key in this file (made with the vault).
        case keyFile(String)
        /// Argon2id of this passcode with the vault's salt; `cost` applies to new vaults.
        case passcode([UInt8], cost: PasswordHash)
    }

    public let path: String
    private let source: KeySource
    private let lock = NSLock()
    private var cachedKey: (header: [UInt8], key: SecureBytes)?

    /// The largest item value stored (1 MiB): a keychain holds keys and short secrets.
    public static let itemLimit = 1 << 20
    /// The largest vault file read or written (64 MiB).
    public static let fileLimit = 64 << 20
    /// The largest key file read: a key is 32 bytes.
    static let keyFileLimit = 4096

    static let magic = Array("CLKV".utf8)
    static let version: UInt8 = 2

    public init(path: String, keySource: KeySource) {
        self.path = path
        source = keySource
    }

    public var name: String { "file vault" }

    public func read(service: String, key: String) throws(KeychainError) -> KeychainRecord? {
        try transaction(write: false) { $0[service]?[key] }
    }

    /// - Throws: `KeychainError.tooLarge` for a value over `itemLimit` (nothing is written).
    public func write(_ record: KeychainRecord, service: String, key: String) throws(KeychainError) {
        guard record.data.count <= Self.itemLimit else {
            throw KeychainError.tooLarge("the item is \(record.data.count) bytes; the limit is \(Self.itemLimit)")
        }
        try transaction(write: true) { $0[service, default: [:]][key] = record }
    }

    public func delete(service: String, key: String) throws(KeychainError) -> Bool {
        try transaction(write: true) { items in
            let removed = items[service]?.removeValue(forKey: key) != nil
            if items[service]?.isEmpty == true { items[service] = nil }
            return removed
        }
    }

    public func keys(service: String) throws(KeychainError) -> Set<String> {
        try transaction(write: false) { Set($0[service]?.keys ?? [:].keys) }
    }

    /// Whether the vault file exists yet.
    public var exists: Bool { SecureFile.exists(path) }

    // MARK: - File format

    typealias Items = [String: [String: KeychainRecord]]

    private func transaction<R>(write: Bool, _ body: (inout Items) throws(KeychainError) -> R) throws(KeychainError)
        -> R
    {
        lock.lock()
        defer { lock.unlock() }
        do {
            try SecureFile.makeDirectory(SecureFile.directory(of: path))
            try SecureFile.requirePrivateDirectory(SecureFile.directory(of: path))
            return try SecureFile.withLock(path + ".lock") { () throws -> R in
                var (header, items) = try load()
                let before = items
                let result = try body(&items)
                if write && items != before { try save(items, header: header) }
                return result
            }
        } catch let error as KeychainError {
            throw error
        } catch {
            throw KeychainError.backend("\(error)")
        }
    }

    /// The header and items; a fresh header when there is no vault yet.
    private func load() throws(KeychainError) -> ([UInt8], Items) {
        let bytes: [UInt8]?
        do { bytes = try SecureFile.read(path, limit: Self.fileLimit) } catch {
            throw KeychainError.backend("\(error)")
        }
        guard let bytes else { return (try newHeader(), [:]) }
        let header = try Self.header(of: bytes)
        let box: SecretBox
        do { box = try SecretBox(key: try key(for: header, creating: false)) } catch let error as KeychainError {
            throw error
        } catch {
            throw KeychainError.cannotOpenVault("\(error)")
        }
        guard var plain = try? box.open(Array(bytes[header.count...]), associatedData: header) else {
            throw KeychainError.cannotOpenVault("wrong key or passcode, or a damaged file")
        }
        defer { Sodium.wipe(&plain) }
        guard let items = Self.decode(plain) else {
            throw KeychainError.cannotOpenVault("unreadable contents")
        }
        return (header, items)
    }

    private func save(_ items: Items, header: [UInt8]) throws(KeychainError) {
        do {
            let box = try SecretBox(key: try key(for: header, creating: true))
            var plain = Self.encode(items)
            defer { Sodium.wipe(&plain) }
            guard plain.count + header.count + 64 <= Self.fileLimit else {
                throw KeychainError.tooLarge("the vault would exceed \(Self.fileLimit) bytes")
            }
            try SecureFile.writeAtomically(header + box.seal(plain, associatedData: header), to: path)
        } catch let error as KeychainError {
            throw error
        } catch {
            throw KeychainError.backend("cannot write \(path): \(error)")
        }
    }

    /// `CLKV`, version, kind (0 key file, 1 passcode), then for a passcode the Argon2id header
    /// (`PasswordHash.header(salt:)`).
    private func newHeader() throws(KeychainError) -> [UInt8] {
        var header = Self.magic + [Self.version]
        switch source {
        case .keyFile: header.append(0)
        case .passcode(_, let cost):
            header.append(1)
            header += cost.header(salt: Sodium.randomBytes(PasswordHash.saltLength))
        }
        return header
    }

    private static func header(of bytes: [UInt8]) throws(KeychainError) -> [UInt8] {
        guard bytes.count >= 6, Array(bytes[0..<4]) == magic, bytes[4] == version else {
            throw KeychainError.cannotOpenVault("not a Checklists keychain vault")
        }
        let length = bytes[5] == 1 ? 6 + PasswordHash.headerLength : 6
        guard bytes.count >= length + SecretBox.nonceLength + SecretBox.tagLength else {
            throw KeychainError.cannotOpenVault("the vault is truncated")
        }
        return Array(bytes[0..<length])
    }

    private func key(for header: [UInt8], creating: Bool) throws -> SecureBytes {
        if let cached = cachedKey, cached.header == header { return cached.key }
        let key: SecureBytes
        switch (source, header[5]) {
        case (.keyFile(let keyPath), 0):
            if var bytes = try SecureFile.read(keyPath, limit: Self.keyFileLimit) {
                key = try SecureBytes(consuming: &bytes)
            } else if creating && !exists {
                key = try SecureBytes(randomCount: SecretBox.keyLength)
                var copy = key.copyBytes()
                defer { Sodium.wipe(&copy) }
                try SecureFile.writeAtomically(copy, to: keyPath, exclusive: true)
            } else {
                throw KeychainError.cannotOpenVault("its key file \(keyPath) is missing")
            }
        case (.passcode(let passcode, _), 1):
            guard let (cost, salt) = PasswordHash.read(header: header[6...]) else {
                throw KeychainError.cannotOpenVault("the vault's header is damaged")
            }
            key = try cost.deriveKey(passcode, salt: salt)
        default:
            throw KeychainError.cannotOpenVault("the vault is protected differently (key file or passcode)")
        }
        cachedKey = (header, key)
        return key
    }

}
