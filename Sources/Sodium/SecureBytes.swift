import CSodium

/// Key material kept in guarded, locked (never swapped) memory that is zeroed when released.
///
/// The bytes live in `sodium_malloc` memory: locked into RAM, surrounded by guard pages, and
/// wiped by `sodium_free`. Copy out with `withUnsafeBytes` only for the duration of a call.
public final class SecureBytes: @unchecked Sendable {
    // Immutable after init; the pointer is only read, so sharing across threads is safe.
    private let pointer: UnsafeMutableRawPointer
    /// Number of bytes held.
    public let count: Int

    /// Allocates `count` bytes of secure memory filled with random bytes.
    /// - Throws: `SodiumError` when secure memory cannot be had.
    public init(randomCount count: Int) throws {
        try Sodium.ensureInitialized()
        guard let p = sodium_malloc(count) else { throw SodiumError.outOfSecureMemory }
        pointer = p
        self.count = count
        randombytes_buf(p, count)
    }

    /// Moves `bytes` into secure memory and wipes the source array.
    /// - Throws: `SodiumError` when secure memory cannot be had.
    public init(consuming bytes: inout [UInt8]) throws {
        try Sodium.ensureInitialized()
        guard let p = sodium_malloc(max(bytes.count, 1)) else { throw SodiumError.outOfSecureMemory }
        pointer = p
        count = bytes.count
        bytes.withUnsafeBytes { src in
            if let base = src.baseAddress { p.copyMemory(from: base, byteCount: src.count) }
        }
        Sodium.wipe(&bytes)
    }

    deinit { sodium_free(pointer) }

    /// Calls `body` with a read-only view of the bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// A plain copy of the bytes; the caller must wipe it (`Sodium.wipe`) when done.
    public func copyBytes() -> [UInt8] {
        withUnsafeBytes { Array($0) }
    }
}

extension SecureBytes: Equatable {
    public static func == (lhs: SecureBytes, rhs: SecureBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { a in
            rhs.withUnsafeBytes { b in sodium_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }
}
