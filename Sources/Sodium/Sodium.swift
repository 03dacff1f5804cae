import CSodium

/// Entry point to libsodium: makes sure the library is initialised exactly once.
public enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    /// Initialises libsodium if needed.
    /// - Throws: `SodiumError.initializationFailed` when the library cannot start.
    public static func ensureInitialized() throws {
        guard initialized else { throw SodiumError.initializationFailed }
    }

    /// Random bytes from the operating system's CSPRNG.
    /// - Parameter count: How many bytes to return.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        _ = initialized
        var bytes = [UInt8](repeating: 0, count: count)
        if count > 0 { bytes.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) } }
        return bytes
    }

    /// `count` random bytes from ChaCha20 keyed with a fresh 32-byte seed from the CSPRNG
    /// (`randombytes_buf_deterministic`): one system call for any amount, where `randomBytes`
    /// asks the kernel 256 bytes at a time. For bulk nonces and uids (a 100,000-item import).
    public static func seededRandomBytes(_ count: Int) -> [UInt8] {
        var seed = randomBytes(Int(randombytes_seedbytes()))
        defer { wipe(&seed) }
        var bytes = [UInt8](repeating: 0, count: count)
        if count > 0 {
            bytes.withUnsafeMutableBytes { randombytes_buf_deterministic($0.baseAddress!, $0.count, seed) }
        }
        return bytes
    }

    /// Overwrites the bytes with zeros in a way the optimiser cannot remove.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { if let p = $0.baseAddress { sodium_memzero(p, $0.count) } }
    }

    /// Overwrites `count` bytes at `pointer` with zeros (e.g. a buffer a C library returned).
    public static func wipe(_ pointer: UnsafeMutableRawPointer, count: Int) {
        sodium_memzero(pointer, count)
    }

    /// Compares two byte strings in constant time.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in sodium_memcmp(pa.baseAddress, pb.baseAddress, a.count) == 0 }
        }
    }
}

extension Sodium {
    /// A 32-byte BLAKE2b digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        _ = initialized
        var out = [UInt8](repeating: 0, count: 32)
        crypto_generichash(&out, 32, bytes, UInt64(bytes.count), nil, 0)
        return out
    }

    /// The first `count` bytes of `hash(bytes)` as lower-case hex: a short name for a path or
    /// a passcode verifier. Written out rather than with `String(format: "%02x")`, whose
    /// `CVarArg` boxing costs a scan of every protocol conformance in the binary at start.
    public static func shortDigest(_ bytes: [UInt8], count: Int = 8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * count)
        for byte in hash(bytes).prefix(count) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
