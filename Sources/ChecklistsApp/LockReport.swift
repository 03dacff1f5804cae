import ChecklistsKit
import Foundation
import SessionKeyring

/// The app lock as it stands: its method and times, whether this login session is unlocked,
/// and the failure counters (`checklists lock status`; a settings screen shows the same).
public struct LockReport: Codable, Sendable, Equatable {
    public let enabled: Bool
    /// The `LockMethod` raw value ("off", "fingerprint", "password", "passcode").
    public let method: String
    public let reuseSeconds: Int
    public let idleMinutes: Int
    /// Whether commands in this login session run without asking (always, with the lock off).
    public let sessionUnlocked: Bool
    /// ISO 8601: when this login session's cached unlock ends.
    public let unlockedUntil: String?
    /// Whether the kernel session keyring can cache an unlock.
    public let sessionKeyring: Bool
    public let failedScans: Int
    public let biometryLockedOut: Bool
    public let failedPasswords: Int
    /// ISO 8601, while wrong passwords back off.
    public let passwordBlockedUntil: String?
}

extension AppSession {
    /// The app lock's state now (no key needed).
    public func lockReport() -> LockReport {
        let settings = lockSettings
        let keyring = KernelKeyring(home: home)
        let state = authentication.state.read()
        let iso = ISO8601DateFormatter()
        let enabled = settings.method != .off
        let expiry = keyring.expiry()
        return LockReport(
            enabled: enabled, method: settings.method.rawValue, reuseSeconds: settings.reuseSeconds,
            idleMinutes: settings.idleMinutes, sessionUnlocked: !enabled || expiry != nil,
            unlockedUntil: expiry.map { iso.string(from: $0) }, sessionKeyring: keyring.isAvailable,
            failedScans: state.failedScans, biometryLockedOut: state.biometryLockedOut,
            failedPasswords: state.failedPasswords,
            passwordBlockedUntil: state.passwordBlockedUntil(now: Date()).map { iso.string(from: $0) })
    }
}
