import Foundation
import PrivateFiles
import Sodium

/// The app's own passcode: an Argon2id verifier (libsodium `crypto_pwhash_str`) in a 0600 file.
/// The passcode itself is never stored.
public struct AppPasscode: Sendable {
    /// Path of the verifier file.
    public let path: String
    /// Argon2id cost used when a passcode is set.
    public let cost: PasswordHash

    public init(path: String, cost: PasswordHash = .interactive) {
        self.path = path
        self.cost = cost
    }

    /// Whether a passcode has been chosen.
    public var isSet: Bool { (try? verifier()) != nil }

    /// Checks `passcode` against the stored verifier.
    public func verify(_ passcode: [UInt8]) -> Bool {
        guard let hash = try? verifier() else { return false }
        return PasswordHash.verify(passcode, against: hash)
    }

    /// Stores a verifier for `passcode`, replacing any earlier one atomically.
    /// - Throws: `LAError.passcodeNotSet` for an empty passcode, or when the file cannot be written.
    public func set(_ passcode: [UInt8]) throws {
        guard !passcode.isEmpty else { throw LAError(.passcodeNotSet, "A passcode cannot be empty.") }
        let hash = try cost.hashString(passcode)
        do {
            try SecureFile.makeDirectory(SecureFile.directory(of: path))
            try SecureFile.writeAtomically(Array(hash.utf8), to: path)
        } catch {
            throw LAError(.passcodeNotSet, "Cannot save the passcode: \(error)")
        }
    }

    /// Forgets the passcode.
    public func remove() throws {
        do { try SecureFile.remove(path) } catch {
            throw LAError(.passcodeNotSet, "Cannot remove the passcode: \(error)")
        }
    }

    /// A verifier is about 100 bytes; anything beyond this is not one (and is never read whole).
    static let fileLimit = 4096

    /// The stored verifier; a FIFO, device or oversized file is refused, never waited on or read whole.
    private func verifier() throws -> String? {
        guard let bytes = try SecureFile.read(path, limit: Self.fileLimit), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
