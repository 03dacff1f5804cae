import CKeyutils
import ChecklistsKit
import Foundation
import Sodium

/// Keeps the unlocked data key in the kernel's session keyring for the reuse window, so later
/// commands in the same login session need no new prompt (`keyctl_set_timeout` expires it;
/// `lock now` unlinks it). Only a real session keyring is used — never one created on the fly,
/// which would die with the process — so where there is none, every command prompts.
public struct KernelKeyring: UnlockedKeyCache {
    /// Distinguishes data directories: one key per home.
    public let description: String

    public init(home: String) {
        let digest = Sodium.shortDigest(Array(home.utf8))
        description = "checklists:data-key:\(getuid()):\(digest)"
    }

    /// Whether this process has a session keyring of its own (pam_keyinit, `keyctl session`).
    public static var hasSessionKeyring: Bool {
        let session = keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0)
        let userSession = keyctl_get_keyring_ID(KEY_SPEC_USER_SESSION_KEYRING, 0)
        return session > 0 && session != userSession
    }

    public var isAvailable: Bool { Self.hasSessionKeyring }

    public func load() -> SecureBytes? {
        guard isAvailable else { return nil }
        let id = keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", description, 0)
        guard id > 0 else { return nil }
        var buffer: UnsafeMutableRawPointer?
        let length = keyctl_read_alloc(key_serial_t(id), &buffer)
        guard length == Int32(SecretBox.keyLength), let buffer else {
            free(buffer)
            return nil
        }
        defer {
            Sodium.wipe(buffer, count: Int(length))
            free(buffer)
        }
        var bytes = Array(UnsafeRawBufferPointer(start: buffer, count: Int(length)))
        return try? SecureBytes(consuming: &bytes)
    }

    public func store(_ key: SecureBytes, for seconds: TimeInterval) {
        guard isAvailable, seconds >= 1 else { return }
        let id = key.withUnsafeBytes {
            add_key("user", description, $0.baseAddress, $0.count, KEY_SPEC_SESSION_KEYRING)
        }
        guard id > 0 else { return }
        // Only this user may read it; it vanishes after the window.
        keyctl_setperm(id, 0x3f01_0000)
        keyctl_set_timeout(id, UInt32(seconds))
    }

    public func drop() {
        guard isAvailable else { return }
        let id = keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", description, 0)
        if id > 0 {
            keyctl_invalidate(key_serial_t(id))
            keyctl_unlink(key_serial_t(id), KEY_SPEC_SESSION_KEYRING)
        }
    }

    /// When the cached key expires, or nil when none is cached.
    public func expiry() -> Date? {
        guard isAvailable else { return nil }
        let id = keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", description, 0)
        guard id > 0 else { return nil }
        // /proc/keys shows the remaining time; keyutils has no getter for it.
        guard let keys = try? String(contentsOfFile: "/proc/keys", encoding: .utf8) else { return nil }
        let hex = String(id, radix: 16)
        for line in keys.split(separator: "\n")
        where line.hasPrefix(String(repeating: "0", count: max(0, 8 - hex.count)) + hex) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 3 else { return nil }
            return Date().addingTimeInterval(Self.seconds(String(fields[3])))
        }
        return nil
    }

    /// Turns /proc/keys' expiry ("perm", "4m", "59s", "2h") into seconds.
    static func seconds(_ text: String) -> TimeInterval {
        guard let unit = text.last, let value = Double(text.dropLast()) else { return 0 }
        switch unit {
        case "s": return value
        case "m": return value * 60
        case "h": return value * 3600
        case "d": return value * 86_400
        default: return 0
        }
    }

    /// No core dumps and no ptrace by other processes of this user while a key is in memory.
    public static func protectProcessMemory() {
        _ = checklists_set_dumpable(0)
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
    }
}
