import CSodium

/// Authenticated encryption with XChaCha20-Poly1305 (IETF) under a 256-bit key.
///
/// A sealed message is `nonce (24 bytes) ‖ ciphertext ‖ tag (16 bytes)`. Every message gets a
/// fresh random nonce, so the same plaintext never encrypts to the same bytes twice.
public struct SecretBox: Sendable {
    /// Key length in bytes (32).
    public static let keyLength = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    /// Nonce length in bytes (24).
    public static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    /// Tag length in bytes (16).
    public static let tagLength = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    private let key: SecureBytes

    /// Creates a box over `key`.
    /// - Throws: `SodiumError.invalidKeyLength` unless the key is 32 bytes.
    public init(key: SecureBytes) throws {
        guard key.count == Self.keyLength else {
            throw SodiumError.invalidKeyLength(expected: Self.keyLength, actual: key.count)
        }
        self.key = key
    }

    /// Encrypts `plaintext`, binding it to `associatedData` (e.g. the row it belongs to).
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8] = []) -> [UInt8] {
        var out = Sodium.randomBytes(Self.nonceLength)
        out.append(contentsOf: [UInt8](repeating: 0, count: plaintext.count + Self.tagLength))
        var written: UInt64 = 0
        out.withUnsafeMutableBufferPointer { buf in
            let nonce = UnsafePointer(buf.baseAddress!)
            let cipher = buf.baseAddress! + Self.nonceLength
            key.withUnsafeBytes { k in
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    cipher, &written, plaintext, UInt64(plaintext.count),
                    associatedData, UInt64(associatedData.count), nil, nonce,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return out
    }

    /// Encrypts like `seal(_:associatedData:)` with a nonce the caller drew from the CSPRNG
    /// (`Sodium.randomBytes`), so that a bulk import draws many nonces in one system call.
    /// A `nonce` of the wrong length is ignored and a fresh one drawn.
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8], nonce: ArraySlice<UInt8>) -> [UInt8] {
        guard nonce.count == Self.nonceLength else { return seal(plaintext, associatedData: associatedData) }
        var out = [UInt8](repeating: 0, count: Self.nonceLength + plaintext.count + Self.tagLength)
        var written: UInt64 = 0
        out.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for (offset, byte) in nonce.enumerated() { base[offset] = byte }
            key.withUnsafeBytes { k in
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    base + Self.nonceLength, &written, plaintext, UInt64(plaintext.count),
                    associatedData, UInt64(associatedData.count), nil, base,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return out
    }

    /// Encrypts like `seal(_:associatedData:nonce:)` into memory the caller owns, so that a bulk
    /// import seals every row into one buffer (on every core) without an array per row.
    /// - Parameters:
    ///   - nonce: `nonceLength` bytes the caller drew from the CSPRNG.
    ///   - out: Exactly `nonceLength + plaintext.count + tagLength` bytes; receives
    ///     `nonce ‖ ciphertext ‖ tag`, the bytes `open` reads.
    /// - Returns: False (nothing written) when `nonce` or `out` has the wrong length.
    public func seal(
        _ plaintext: UnsafeRawBufferPointer, associatedData: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer,
        into out: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard nonce.count == Self.nonceLength, out.count == Self.nonceLength + plaintext.count + Self.tagLength,
            let base = out.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return false }
        out.copyMemory(from: nonce)
        var written: UInt64 = 0
        key.withUnsafeBytes { k in
            _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                base + Self.nonceLength, &written, plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(plaintext.count), associatedData.baseAddress?.assumingMemoryBound(to: UInt8.self),
                UInt64(associatedData.count), nil, base, k.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return true
    }

    /// Decrypts a sealed message made by `seal` with the same key and associated data.
    /// - Throws: `SodiumError.decryptionFailed` when it does not authenticate.
    public func open(_ sealed: [UInt8], associatedData: [UInt8] = []) throws -> [UInt8] {
        guard sealed.count >= Self.nonceLength + Self.tagLength else { throw SodiumError.malformedCiphertext }
        var plain = [UInt8](repeating: 0, count: sealed.count - Self.nonceLength - Self.tagLength)
        var written: UInt64 = 0
        let rc = sealed.withUnsafeBufferPointer { buf in
            plain.withUnsafeMutableBufferPointer { out in
                key.withUnsafeBytes { k in
                    crypto_aead_xchacha20poly1305_ietf_decrypt(
                        out.baseAddress, &written, nil,
                        buf.baseAddress! + Self.nonceLength, UInt64(sealed.count - Self.nonceLength),
                        associatedData, UInt64(associatedData.count), buf.baseAddress!,
                        k.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        guard rc == 0 else { throw SodiumError.decryptionFailed }
        return plain
    }
}
