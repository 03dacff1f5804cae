import Foundation
import Sodium

/// The data key sealed under another key: a random key-encryption key (KEK) or an Argon2id key
/// derived from the passcode. Bytes: kind (0 KEK, 1 passcode), then for a passcode the Argon2id
/// header (`PasswordHash.header(salt:)`), then the sealed data key (nonce, ciphertext, tag).
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
        let header = [1] + cost.header(salt: salt)
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
        let headerEnd = 1 + PasswordHash.headerLength
        guard isPasscode, bytes.count > headerEnd, let (cost, salt) = PasswordHash.read(header: bytes[1..<headerEnd])
        else { throw SodiumError.malformedCiphertext }
        let key = try cost.deriveKey(passcode, salt: salt)
        var plain = try SecretBox(key: key).open(Array(bytes[headerEnd...]), associatedData: Self.associatedData)
        return try SecureBytes(consuming: &plain)
    }
}
