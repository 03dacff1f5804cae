import Foundation
import Sodium

/// The data key sealed under another key: a random key-encryption key (KEK) or an Argon2id key
/// derived from the passcode. Bytes: kind (0 KEK, 1 passcode), then for a passcode ops (8),
/// memory (8) and salt (16), then the sealed data key (nonce, ciphertext, tag).
struct KeyWrap: Sendable {
    static let associatedData = Array("checklists data key wrap v1".utf8)
    let bytes: [UInt8]

    /// Seals `dataKey` under `kek`.
    static func sealed(_ dataKey: SecureBytes, kek: SecureBytes) throws -> KeyWrap {
        var plain = dataKey.copyBytes()
        defer { Sodium.wipe(&plain) }
        return KeyWrap(bytes: [0] + (try SecretBox(key: kek)).seal(plain, associatedData: associatedData))
    }

    /// Seals `dataKey` under Argon2id(`passcode`) with a fresh salt.
    static func sealed(_ dataKey: SecureBytes, passcode: [UInt8], cost: PasswordHash) throws -> KeyWrap {
        let salt = Sodium.randomBytes(PasswordHash.saltLength)
        let key = try cost.deriveKey(passcode, salt: salt)
        var plain = dataKey.copyBytes()
        defer { Sodium.wipe(&plain) }
        let header = [1] + bytes(cost.opsLimit) + bytes(UInt64(cost.memLimit)) + salt
        return KeyWrap(bytes: header + (try SecretBox(key: key)).seal(plain, associatedData: associatedData))
    }

    /// Whether this wrap is opened with a passcode.
    var isPasscode: Bool { bytes.first == 1 }

    /// Opens a KEK wrap. - Throws: `SodiumError.decryptionFailed` with the wrong KEK.
    func open(kek: SecureBytes) throws -> SecureBytes {
        var plain = try SecretBox(key: kek).open(Array(bytes.dropFirst()), associatedData: Self.associatedData)
        return try SecureBytes(consuming: &plain)
    }

    /// Opens a passcode wrap (one Argon2id run). - Throws: `SodiumError.decryptionFailed` when wrong.
    func open(passcode: [UInt8]) throws -> SecureBytes {
        guard isPasscode, bytes.count > 33 else { throw SodiumError.malformedCiphertext }
        let ops = Self.integer(bytes[1..<9])
        let memory = Self.integer(bytes[9..<17])
        let key = try PasswordHash(opsLimit: ops, memLimit: Int(memory)).deriveKey(
            passcode, salt: Array(bytes[17..<33]))
        var plain = try SecretBox(key: key).open(Array(bytes[33...]), associatedData: Self.associatedData)
        return try SecureBytes(consuming: &plain)
    }

    private static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    private static func integer(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << ($1.offset * 8) }
    }
}
