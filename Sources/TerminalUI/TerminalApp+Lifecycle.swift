import ChecklistsApp
import ChecklistsKit

/// Resigning and becoming active, as the screens see it (the loop adds what needs the terminal:
/// Ctrl-Z gives the terminal back and stops the process).
extension TerminalApp {
    /// The idle timeout the lifecycle events use: the lock's idle minutes, none while the lock is off.
    static func idleTimeout(for lock: LockSettings) -> Double? {
        lock.method == .off ? nil : Double(max(1, lock.idleMinutes) * 60)
    }

    /// The session acts (saves, hides the secret, drops the key when the lock is on) and a locked
    /// session shows the lock screen; it prompts only when the app becomes active again.
    func resignActive(_ reason: AppLifecycle.ResignReason) {
        // The lock screen replaces every screen: a note being typed is saved first, as on a
        // signal (it used to be dropped when the idle timeout or a session lock came); an item
        // or list form is kept aside unsaved and comes back once unlocked (`showLock`).
        if session.resigningLocks(reason) && !session.isLocked { saveBeforeExit() }
        session.willResignActive(reason)
        if session.isLocked && !(top is LockScreen) { showLock() }
        // Nobody is in front now: the prompt comes when the app becomes active again.
        (top as? LockScreen)?.wantsPrompt = false
    }

    /// The lock screen prompts at once when the session must be unlocked; otherwise a lock screen
    /// still shown gives way to the last open list.
    func becomeActive() {
        if session.didBecomeActive() {
            if let lock = top as? LockScreen { lock.wantsPrompt = true } else { showLock() }
        } else if top is LockScreen {
            showUnlocked()
        }
    }
}
