import Foundation
import LocalAuthentication

/// What the app does when it resigns or becomes active — the iOS app delegate's
/// `applicationWillResignActive` / `applicationDidBecomeActive`, for the terminal UI, which calls
/// these on Ctrl-Z / SIGCONT, terminal focus, logind Lock / Unlock / PrepareForSleep, and idle.
public final class AppLifecycle: Sendable {
    /// Why the app stops being in front.
    public enum ResignReason: Sendable, Equatable {
        /// Suspended with Ctrl-Z.
        case suspended
        /// The terminal lost focus.
        case focusLost
        /// The login session was locked.
        case sessionLocked
        /// The machine is going to sleep.
        case sleep
        /// No input for the idle timeout.
        case idle

        /// Whether the unlock is dropped, so that coming back asks again.
        var locksApp: Bool { self != .focusLost }
        /// Whether a prompt on screen is cancelled with `systemCancel`.
        var cancelsPrompts: Bool { self == .sessionLocked || self == .sleep }
    }

    private let secret: SecretMessage?
    private let lockMethod: LockMethod
    private let cache: (any UnlockedKeyCache)?
    private let systemEvents: LASystemEvents

    public init(
        secret: SecretMessage?, lockMethod: LockMethod, cache: (any UnlockedKeyCache)?,
        systemEvents: LASystemEvents = .shared
    ) {
        self.secret = secret
        self.lockMethod = lockMethod
        self.cache = cache
        self.systemEvents = systemEvents
    }

    /// Saves and hides the secret message, cancels prompts when the session locks or the machine
    /// sleeps, and with the app lock on forgets the unlock (except for a mere focus change).
    /// - Throws: `KeychainError` when the secret could not be saved (it stays shown).
    public func willResignActive(_ reason: ResignReason) throws {
        if reason.cancelsPrompts { systemEvents.cancelEvaluations() }
        if lockMethod != .off && reason.locksApp { cache?.drop() }
        try secret?.saveAndHide()
    }

    /// Whether the lock screen must show now (the app lock is on and this session holds no unlock).
    public func didBecomeActive() -> Bool {
        lockMethod != .off && cache?.load() == nil
    }
}
