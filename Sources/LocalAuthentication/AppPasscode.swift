import Foundation
import Localization
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

    /// Characters a new passcode needs at least.
    public static let minimumLength = 6

    /// Why `passcode` is too weak to be chosen, or nil when it is acceptable: it needs at least
    /// `minimumLength` characters, not all of them whitespace. (A copy of the verifier or of the
    /// passcode seal can be guessed offline at the Argon2id cost; the length is what makes that slow.)
    /// It must also be text the prompt can take: a control character (the carriage return of a
    /// line from a Windows file given to `--stdin`) or bytes that are not UTF-8 could never be
    /// typed at the prompt, and the data stayed locked to everything but that file.
    public static func weakness(of passcode: [UInt8]) -> String? {
        guard let text = String(validating: passcode, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return tr(
                "A passcode is text you can type: no control characters (such as the carriage return of a Windows line ending)."
            )
        }
        if text.count < minimumLength || text.allSatisfy(\.isWhitespace) {
            return tr("A passcode needs at least %d characters, not all of them spaces.", minimumLength)
        }
        return nil
    }

    /// Stores a verifier for `passcode`, replacing any earlier one atomically.
    /// - Throws: `LAError.passcodeNotSet` for a passcode that `weakness(of:)` refuses, or when the
    ///   file cannot be written.
    public func set(_ passcode: [UInt8]) throws {
        if let weakness = Self.weakness(of: passcode) { throw LAError(.passcodeNotSet, weakness) }
        let hash = try cost.hashString(passcode)
        do {
            try SecureFile.makeDirectory(SecureFile.directory(of: path))
            try SecureFile.writeAtomically(Array(hash.utf8), to: path)
        } catch {
            throw LAError(.passcodeNotSet, tr("Cannot save the passcode: %@", "\(error)"))
        }
    }

    /// Forgets the passcode.
    public func remove() throws {
        do { try SecureFile.remove(path) } catch {
            throw LAError(.passcodeNotSet, tr("Cannot remove the passcode: %@", "\(error)"))
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
