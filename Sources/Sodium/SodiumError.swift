import Localization

/// Errors from libsodium calls.
public enum SodiumError: Error, Sendable, Equatable {
    /// `sodium_init` failed; the library cannot be used.
    case initializationFailed
    /// Secure memory could not be allocated or locked.
    case outOfSecureMemory
    /// A ciphertext did not authenticate: wrong key, wrong associated data, or tampering.
    case decryptionFailed
    /// A ciphertext was too short to hold a nonce and a tag.
    case malformedCiphertext
    /// Key derivation ran out of memory or was given impossible limits.
    case keyDerivationFailed
    /// A key had the wrong length.
    case invalidKeyLength(expected: Int, actual: Int)
}

extension SodiumError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .initializationFailed: tr("libsodium could not be initialised")
        case .outOfSecureMemory: tr("secure memory could not be allocated")
        case .decryptionFailed: tr("data could not be decrypted (wrong key or damaged data)")
        case .malformedCiphertext: tr("encrypted data is truncated")
        case .keyDerivationFailed: tr("key derivation failed")
        case .invalidKeyLength(let expected, let actual): tr("key is %d bytes, expected %d", actual, expected)
        }
    }
}
