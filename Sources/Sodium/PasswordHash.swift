import CSodium

/// Argon2id password hashing and key derivation (libsodium `crypto_pwhash`).
public struct PasswordHash: Sendable, Equatable {
    /// CPU cost (passes over memory).
    public var opsLimit: UInt64
    /// Memory cost in bytes.
    public var memLimit: Int

    /// Salt length in bytes (16).
    public static let saltLength = Int(crypto_pwhash_SALTBYTES)

    /// libsodium's "interactive" limits (~2 passes, 64 MiB): a few hundred milliseconds here.
    public static let interactive = PasswordHash(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE), memLimit: Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
    /// The app passcode's cost: 4 passes over 192 MiB (1.5 × the earlier 4 × 128 MiB, which took
    /// 0.24 s), so that each guess at a copied verifier or seal costs well over a quarter of a
    /// second and 192 MiB. Verifiers and seals record their own cost, so older ones still open.
    public static let passcode = PasswordHash(opsLimit: 4, memLimit: 192 << 20)
    /// The smallest limits libsodium accepts; for tests only.
    public static let minimal = PasswordHash(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MIN), memLimit: Int(crypto_pwhash_MEMLIMIT_MIN))

    public init(opsLimit: UInt64, memLimit: Int) {
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// A self-describing Argon2id verifier string (`$argon2id$v=19$m=…`) for `password`.
    /// - Throws: `SodiumError.keyDerivationFailed` when the limits cannot be met.
    public func hashString(_ password: [UInt8]) throws -> String {
        try Sodium.ensureInitialized()
        var out = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        var pw = Self.cBytes(password)
        defer { Self.wipe(&pw) }
        let rc = crypto_pwhash_str_alg(
            &out, pw, UInt64(password.count), opsLimit, memLimit,
            crypto_pwhash_ALG_ARGON2ID13)
        guard rc == 0 else { throw SodiumError.keyDerivationFailed }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches a verifier made by `hashString`.
    public static func verify(_ password: [UInt8], against hash: String) -> Bool {
        guard (try? Sodium.ensureInitialized()) != nil else { return false }
        var pw = cBytes(password)
        defer { wipe(&pw) }
        return crypto_pwhash_str_verify(hash, pw, UInt64(password.count)) == 0
    }

    /// Derives a 32-byte key from `password` and `salt` with Argon2id.
    /// - Throws: `SodiumError.keyDerivationFailed` when the limits cannot be met.
    public func deriveKey(_ password: [UInt8], salt: [UInt8], length: Int = 32) throws -> SecureBytes {
        try Sodium.ensureInitialized()
        var key = [UInt8](repeating: 0, count: length)
        defer { Sodium.wipe(&key) }
        var pw = Self.cBytes(password)
        defer { Self.wipe(&pw) }
        let rc = crypto_pwhash(
            &key, UInt64(length), pw, UInt64(password.count), salt,
            opsLimit, memLimit, crypto_pwhash_ALG_ARGON2ID13)
        guard rc == 0 else { throw SodiumError.keyDerivationFailed }
        return try SecureBytes(consuming: &key)
    }

    /// Length of `header(salt:)`: ops (8 bytes), memory (8 bytes), salt (16 bytes), little-endian.
    public static let headerLength = 16 + saltLength

    /// The cost and `salt` as bytes, to store beside what a derived key seals.
    public func header(salt: [UInt8]) -> [UInt8] {
        Self.littleEndian(opsLimit) + Self.littleEndian(UInt64(memLimit)) + salt
    }

    /// Reads `header(salt:)` back. - Returns: nil when the bytes are too short.
    public static func read(header bytes: ArraySlice<UInt8>) -> (cost: PasswordHash, salt: [UInt8])? {
        guard bytes.count >= headerLength else { return nil }
        let start = bytes.startIndex
        func integer(_ offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[start + offset + $1]) << ($1 * 8) }
        }
        let cost = PasswordHash(opsLimit: integer(0), memLimit: Int(integer(8)))
        return (cost, Array(bytes[(start + 16)..<(start + headerLength)]))
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// The password as C chars with a terminating zero (so an empty one still has storage).
    private static func cBytes(_ password: [UInt8]) -> [CChar] {
        password.map { CChar(bitPattern: $0) } + [0]
    }

    private static func wipe(_ bytes: inout [CChar]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }
}
