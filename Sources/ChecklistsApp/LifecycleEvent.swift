import ChecklistsKit

/// Why the app comes back to the front: the opposite of each `AppLifecycle.ResignReason`.
public enum ActiveReason: Sendable, Equatable, Hashable {
    /// Continued after Ctrl-Z (SIGCONT), or after any stop.
    case resumed
    /// The terminal or window got the focus back.
    case focusGained
    /// The login session was unlocked (logind `Unlock`, or the screensaver went away).
    case sessionUnlocked
    /// The machine woke from sleep (logind `PrepareForSleep(false)`).
    case wokeUp
    /// Input after the idle timeout had passed.
    case activity

    /// The reason that undoes `reason`.
    public init(undoing reason: AppLifecycle.ResignReason) {
        switch reason {
        case .suspended: self = .resumed
        case .focusLost: self = .focusGained
        case .sessionLocked: self = .sessionUnlocked
        case .sleep: self = .wokeUp
        case .idle: self = .activity
        }
    }
}

/// One change of the app's standing, for a UI to act on: call `AppLifecycle.willResignActive`
/// on `.resign` and `AppLifecycle.didBecomeActive` on `.becomeActive`.
public enum LifecycleEvent: Sendable, Equatable {
    /// The app stops being in front.
    case resign(AppLifecycle.ResignReason)
    /// The app is in front again.
    case becomeActive(ActiveReason)
}
