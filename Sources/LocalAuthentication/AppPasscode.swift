import Foundation
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
        try PrivateFiles.write(Array(hash.utf8), to: path)
    }

    /// Forgets the passcode.
    public func remove() throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw LAError(.passcodeNotSet, "Cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }

    private func verifier() throws -> String? {
        guard let bytes = FileManager.default.contents(atPath: path), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Small helpers for the module's private files (0700 directories, 0600 files, atomic writes).
enum PrivateFiles {
    static func makeDirectory(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        makeDirectory(String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]))
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw LAError(.authenticationFailed, "Cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temp, path) == 0 else {
            unlink(temp)
            throw LAError(.authenticationFailed, "Cannot write \(path)")
        }
    }
}
