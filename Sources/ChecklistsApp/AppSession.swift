import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Localization
import Sodium
import Synchronization

/// The app core a front end holds for its whole life: it opens the store, knows whether the
/// app is locked, unlocks through the lock's method and locks again. While locked it holds no
/// key and every content call throws `AppSessionError.locked`.
///
/// The store is owned by one serial executor: every call runs under the session's lock, and
/// the `async` variants run on the session's own queue, so a UI's main thread never waits for
/// a key derivation, a fingerprint or the database.
public final class AppSession: @unchecked Sendable {
    public let configuration: Configuration
    /// Serializes every use of the store and of the state below (recursive: a call may make another).
    private let serial = NSRecursiveLock()
    private let queue = DispatchQueue(label: "checklists.app-session")
    /// The open store, while unlocked (or while the lock is off).
    var opened: ChecklistStore?
    /// The change-log rows of this session's own writes, once `watchChanges` was called.
    var ownChanges: OwnChanges?
    /// Whether a store is open, readable without the serial lock (keychain checks ask it).
    private let holdsKey = Mutex(false)
    /// The lock settings that held under the key when last read (`LockTimes`), readable without
    /// the serial lock, so a window asking for its idle timeout never waits for an import.
    let heldLockSettings = Mutex<LockSettings?>(nil)
    /// The link to the reminders, once the store is open.
    private var hookup: ReminderHookup?
    /// Who hears the session's events.
    let observers = ObserverList<SessionEvent>()
    /// Resigned active with the lock on: content waits for `didBecomeActive` or `unlock`.
    var resigned = false
    /// The secret message while it is shown (hidden again on resigning active).
    var shownSecret: SecretMessage?

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The data directory.
    public var home: String { configuration.home }

    /// The authentication backends and presenter.
    public var authentication: LAEnvironment { configuration.authentication }

    /// The lock's settings: while this session holds the key, the times sealed under it
    /// (`LockTimes`: rows edited behind the app's back do not count), else as the plain rows say.
    public var lockSettings: LockSettings {
        let plain = LockSettings.read(directory: home)
        guard plain.method != .off, holdsKey.withLock({ $0 }) else { return plain }
        if let held = heldLockSettings.withLock({ $0 }), held == plain { return held }
        // Changed since (by another process, or behind the app's back): read what holds now.
        return serialized { readHeldLockSettings() } ?? plain
    }

    /// Reads the lock settings that hold under the open store's key, and keeps them.
    @discardableResult
    func readHeldLockSettings() -> LockSettings? {
        let held = try? opened?.lockSettings().settings
        heldLockSettings.withLock { $0 = held }
        return held
    }

    /// The settings that need no key, read from the database without opening the store.
    public var plainSettings: [String: String] { ChecklistStore.peekSettings(directory: home) }

    /// Whether the lock screen must show: the app lock is on and this session holds no key.
    public var isLocked: Bool {
        !holdsKey.withLock { $0 } && LockSettings.read(directory: home).method != .off
    }

    /// Whether this session changed the store or the reminders (a running reminder agent may
    /// then re-plan).
    public var changedReminders: Bool { serialized { hookup?.changed == true } }

    /// Runs `body` on the session's serial executor.
    func serialized<T>(_ body: () throws -> T) rethrows -> T {
        serial.lock()
        defer { serial.unlock() }
        return try body()
    }

    /// Runs `body` on the session's queue, off the caller's thread.
    public func run<T: Sendable>(_ body: @escaping @Sendable (AppSession) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try self.serialized { try body(self) } }) }
        }
    }

    // MARK: - Opening, unlocking, locking

    /// Opens the store when that needs nobody to authenticate: the lock is off, or this login
    /// session's unlock is still cached. Otherwise the session stays locked.
    /// - Returns: Whether the session is unlocked now.
    /// - Throws: `StoreError` and the like when the store cannot be opened.
    @discardableResult
    public func open() throws -> Bool {
        try serialized {
            do {
                _ = try unlockedStore()
                return true
            } catch AppSessionError.locked {
                return false
            }
        }
    }

    /// The open store, or the store opened without asking anyone.
    /// - Throws: `AppSessionError.locked` when opening would need an authentication.
    public func unlockedStore() throws -> ChecklistStore {
        try serialized {
            if let opened { return opened }
            var cached = false
            do {
                return try attach(
                    ChecklistStore(directory: home) { settings in
                        let lock = LockSettings(settings: settings)
                        guard lock.method != .off else { return try keyProvider(settings: settings) }
                        guard !resigned, let key = configuration.cache?.load() else { throw AppSessionError.locked }
                        cached = true
                        return StaticKeyProvider(key: key)
                    })
            } catch StoreError.wrongKey where cached {
                // The store was re-sealed under a new key since this unlock was cached.
                throw AppSessionError.locked
            }
        }
    }

    /// The store, unlocking through the lock's method when needed (the presenter asks).
    /// - Throws: `LAError` when authentication fails or is cancelled.
    public func store(reason: String = tr("Unlock Checklists.")) throws -> ChecklistStore {
        try serialized {
            if let opened { return opened }
            return try attach(
                ChecklistStore(directory: home) { settings in try keyProvider(settings: settings, reason: reason) })
        }
    }

    /// Unlocks through the lock's method (the presenter asks).
    public func unlock(reason: String = tr("Unlock Checklists.")) throws {
        try serialized {
            let wasLocked = isLocked
            resigned = false
            _ = try store(reason: reason)
            if wasLocked { observers.send(.unlocked) }
        }
    }

    /// Unlocks, off the caller's thread.
    public func unlock(reason: String = tr("Unlock Checklists.")) async throws {
        _ = try await run { try $0.unlock(reason: reason) }
    }

    /// The store opened with a key already in hand.
    func store(key: SecureBytes) throws -> ChecklistStore {
        try serialized {
            if let opened { return opened }
            return try attach(ChecklistStore(directory: home, keyProvider: StaticKeyProvider(key: key)))
        }
    }

    /// Locks: closes the store (its data key goes with it), drops this login session's cached
    /// unlock and the reuse window, so the next use asks again.
    public func lock() {
        serialized {
            let wasLocked = isLocked
            shownSecret?.hide()
            shownSecret = nil
            close()
            configuration.cache?.drop()
            authentication.reuse.clear()
            if !wasLocked && isLocked { observers.send(.locked) }
        }
    }

    /// Closes the store if it is open (statements finalized, WAL bounded, key released).
    public func close() {
        serialized {
            opened?.close()
            opened = nil
            hookup = nil
            holdsKey.withLock { $0 = false }
            heldLockSettings.withLock { $0 = nil }
        }
    }

    /// Keeps the reminders in step with the store from now on, after applying what an
    /// interrupted command left in the outbox. The reminders store is opened only when there
    /// is something to apply, so read-only commands never touch it.
    private func attach(_ store: ChecklistStore) -> ChecklistStore {
        opened = store
        if ownChanges != nil { try? store.recordOwnChanges() }
        holdsKey.withLock { $0 = true }
        settleLockTimes(of: store)
        let reminders = ReminderHookup(
            home: home, store: store, dates: DueDate.Display(locale: configuration.locale.time),
            failed: configuration.remindersFailed)
        reminders.catchUp()
        hookup = reminders
        return store
    }

    /// Re-renders every reminder (after the item-text setting changed).
    public func rescheduleReminders() {
        serialized { hookup?.rescheduleAll() }
    }
}
