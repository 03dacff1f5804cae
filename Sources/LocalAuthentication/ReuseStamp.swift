import CKeyutils
import Foundation
import Sodium
import Synchronization

/// The time of the last successful evaluation in this login session, shared by the session's
/// processes like sudo's timestamp. It lives in the kernel's session keyring (a "user" key with
/// a kernel-enforced timeout of five minutes, readable only by this user), never in a file:
/// nothing on disk or in `$XDG_RUNTIME_DIR` can be planted to skip a prompt, and it dies with
/// the login session. Without a session keyring of its own (no pam_keyinit, no `keyctl session`)
/// it is kept in this process's memory, so it covers one process only. Times are CLOCK_BOOTTIME, so
/// changing the wall clock neither extends nor shortens the window.
///
/// A process of the same user in the same session can still add such a key; that is why the
/// app lock's own reuse is possession of the cached data key, and why with the lock off the
/// secret message's prompt protects the screen only.
public struct ReuseStamp: Sendable {
    /// Names the stamp (one per data directory).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// Records a success now.
    public func record() {
        guard Self.hasSessionKeyring else { return Self.inProcess.withLock { $0[description] = Self.bootTime() } }
        let payload = Array("\(Self.bootTime())".utf8)
        let id = payload.withUnsafeBytes { add_key("user", description, $0.baseAddress, $0.count, Self.keyring) }
        guard id > 0 else { return }
        keyctl_setperm(id, 0x3f01_0000)  // possessor: all; user, group, other: nothing
        keyctl_set_timeout(id, 300)
    }

    /// Whether a success was recorded within `window` seconds in this session.
    public func isFresh(within window: TimeInterval) -> Bool {
        guard window > 0 else { return false }
        guard Self.hasSessionKeyring else { return Self.isRecent(Self.inProcess.withLock { $0[description] }, window) }
        let id = keyctl_search(Self.keyring, "user", description, 0)
        guard id > 0 else { return false }
        var buffer: UnsafeMutableRawPointer?
        let length = keyctl_read_alloc(key_serial_t(id), &buffer)
        defer { free(buffer) }
        guard length > 0, length < 64, let buffer else { return false }
        let text = String(decoding: UnsafeRawBufferPointer(start: buffer, count: Int(length)), as: UTF8.self)
        return Self.isRecent(Double(text), window)
    }

    private static func isRecent(_ then: Double?, _ window: TimeInterval) -> Bool {
        guard let then else { return false }
        let age = bootTime() - then
        return age >= 0 && age <= window
    }

    /// Forgets the success (e.g. `lock now`).
    public func clear() {
        Self.inProcess.withLock { $0[description] = nil }
        guard Self.hasSessionKeyring else { return }
        let id = keyctl_search(Self.keyring, "user", description, 0)
        if id > 0 {
            keyctl_invalidate(key_serial_t(id))
            keyctl_unlink(key_serial_t(id), Self.keyring)
        }
    }

    /// One stamp per user and data directory.
    var description: String {
        let digest = Sodium.shortDigest(Array(directory.utf8))
        return "checklists:auth-stamp:\(getuid()):\(digest)"
    }

    /// The login session's keyring.
    static let keyring = KEY_SPEC_SESSION_KEYRING

    /// Whether this process has a session keyring of its own (not the user's default one,
    /// which every session of the user shares).
    static var hasSessionKeyring: Bool {
        let session = keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0)
        let userSession = keyctl_get_keyring_ID(KEY_SPEC_USER_SESSION_KEYRING, 0)
        return session > 0 && session != userSession
    }

    /// Stamps of this process when there is no session keyring (the process keyring is not
    /// shared by threads that exist before it is made, so memory is used instead).
    private static let inProcess = Mutex<[String: Double]>([:])

    static func bootTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
