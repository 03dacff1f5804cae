import ChecklistsKit
import Foundation
import LocalAuthentication

/// What a UI holding the session hears: lock state and other processes' changes.
public enum SessionEvent: Sendable, Equatable {
    /// The session dropped its key (the lock screen shows).
    case locked
    /// The session holds the key again.
    case unlocked
    /// Another process changed the store.
    case changed(ChangeEvent)
}

/// Becoming active, resigning active, and changes from other processes.
extension AppSession {
    /// Calls `handler` for each session event (on the thread that caused it).
    /// - Returns: A token for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (SessionEvent) -> Void) -> UInt64 {
        observers.add(handler)
    }

    /// Stops calling the handler registered under `token`.
    public func removeObserver(_ token: UInt64) {
        observers.remove(token)
    }

    /// The session's events from now on, as a stream.
    public func events() -> AsyncStream<SessionEvent> {
        observers.stream()
    }

    /// Whether resigning for `reason` locks the session (the lock is on and the reason is more
    /// than a lost focus): a presenter saves what is typed first, since the lock closes the store
    /// and replaces every screen.
    public func resigningLocks(_ reason: AppLifecycle.ResignReason) -> Bool {
        reason != .focusLost && lockSettings.method != .off
    }

    /// Resigning active: cancels a prompt on screen when the session locks or the machine
    /// sleeps, saves and hides the secret message, and with the app lock on drops the key
    /// (except for a mere focus change). This login session's cached unlock stays for its
    /// reuse window, so `didBecomeActive` asks again only when that has passed.
    public func willResignActive(_ reason: AppLifecycle.ResignReason) {
        let locks = resigningLocks(reason)
        if reason == .sessionLocked || reason == .sleep { authentication.systemEvents.cancelEvaluations() }
        serialized {
            try? shownSecret?.saveAndHide()
            shownSecret = nil
            if locks { resigned = true }
            if locks && !isLocked {
                close()
                observers.send(.locked)
            }
        }
    }

    /// Becoming active: reopens the store when no one need be asked (the lock is off, or the
    /// reuse window still covers the last unlock).
    /// - Returns: Whether the lock screen must show (then call `unlock`).
    @discardableResult
    public func didBecomeActive() -> Bool {
        serialized {
            let wasLocked = isLocked
            resigned = false
            let unlocked = (try? open()) ?? false
            if wasLocked && unlocked { observers.send(.unlocked) }
            return !unlocked && isLocked
        }
    }

    /// Follows a `LifecycleEvents` source: resign and become active as it says.
    /// - Returns: The observer token on `events`.
    @discardableResult
    public func follow(_ events: LifecycleEvents) -> UInt64 {
        events.addObserver { [weak self] event in
            switch event {
            case .resign(let reason): self?.willResignActive(reason)
            case .becomeActive: self?.didBecomeActive()
            }
        }
    }

    /// Starts watching the store for other processes' (and other sessions') changes, reported as
    /// `.changed` events.
    /// - Parameter excludingOwn: Leave out what this session's own content calls (`withStore`
    ///   and the calls made of it) write: the UI that made such a change shows it already (see
    ///   `OwnChanges`). Other writes of the session (the lock's settings) are still reported.
    /// - Returns: The monitor; stop it (or release it) to stop watching.
    public func watchChanges(excludingOwn: Bool = false) throws -> ChangeMonitor {
        let own = serialized {
            if excludingOwn && ownChanges == nil {
                ownChanges = OwnChanges()
                try? opened?.recordOwnChanges()
            }
            return ownChanges
        }
        let monitor = try ChangeMonitor(directory: home, own: own)
        monitor.addObserver { [weak self] change in
            self?.followNewKey()
            self?.observers.send(.changed(change))
        }
        return monitor
    }

    /// Another process gave the store a new data key (`lock enable|disable`, `passcode change`
    /// elsewhere), so the key this session holds opens nothing now: the store is closed and
    /// opened again as at start (with the lock off, the new key from the keychain); when that
    /// needs an unlock, the session is locked and the lock screen shows. Without this, an open
    /// window showed unreadable rows and had every write refused.
    func followNewKey() {
        let lockedNow: Bool = serialized {
            guard let store = opened, !store.holdsCurrentKey() else { return false }
            close()
            return (try? unlockedStore()) == nil
        }
        if lockedNow { observers.send(.locked) }
    }
}
