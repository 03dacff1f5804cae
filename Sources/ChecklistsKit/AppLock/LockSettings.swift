import Foundation
import Sodium

/// How the app lock unlocks, and for how long an unlock lasts.
public struct LockSettings: Sendable, Equatable {
    /// The unlock method; `.off` when the lock is off.
    public var method: LockMethod
    /// How long an unlock covers later commands in the same session (seconds, ≤ 300).
    public var reuseSeconds: Int
    /// Minutes without input after which the terminal UI locks again.
    public var idleMinutes: Int

    public static let defaults = LockSettings(method: .off, reuseSeconds: 60, idleMinutes: 5)
    /// The reuse windows a user can choose (seconds): longer would leave a walked-away session open.
    public static let reuseRange = 0...300
    /// The idle timeouts a user can choose (minutes).
    public static let idleRange = 1...1440

    /// Times outside the ranges are brought to the nearest end: a hand-edited store cannot make an
    /// unlock last for years (or overflow the keyring's timeout).
    public init(method: LockMethod, reuseSeconds: Int, idleMinutes: Int) {
        self.method = method
        self.reuseSeconds = reuseSeconds.clamped(to: Self.reuseRange)
        self.idleMinutes = idleMinutes.clamped(to: Self.idleRange)
    }

    /// The settings of the store in `directory`, read without its key.
    public static func read(directory: String) -> LockSettings {
        LockSettings(settings: ChecklistStore.peekSettings(directory: directory))
    }

    /// The lock settings among settings already read (`ChecklistStore.peekSettings`).
    public init(settings: [String: String]) {
        self.init(
            method: settings["AppLock"].flatMap(LockMethod.init(rawValue:)) ?? Self.defaults.method,
            reuseSeconds: settings["LockReuseSeconds"].flatMap(Int.init) ?? Self.defaults.reuseSeconds,
            idleMinutes: settings["LockIdleMinutes"].flatMap(Int.init) ?? Self.defaults.idleMinutes)
    }
}

extension Int {
    /// This number, or the nearer end of `range` when it lies outside.
    public func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

/// The app lock's unlock method.
public enum LockMethod: String, Sendable, CaseIterable {
    case off
    /// Fingerprint (fprintd), falling back to the password.
    case fingerprint
    /// The account password (PAM).
    case password
    /// The app's own passcode.
    case passcode
}

/// Where an unlocked data key is kept between commands of one session.
public protocol UnlockedKeyCache: Sendable {
    /// Whether this process can use the cache at all.
    var isAvailable: Bool { get }
    /// The cached key, if one is there and still valid.
    func load() -> SecureBytes?
    /// Caches `key` for `seconds`.
    func store(_ key: SecureBytes, for seconds: TimeInterval)
    /// Forgets the cached key (`lock now`).
    func drop()
    /// When the cached key expires, or nil when none is cached.
    func expiry() -> Date?
}
