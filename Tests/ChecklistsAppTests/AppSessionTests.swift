import ChecklistsApp
import ChecklistsKit
import DBus
import Foundation
import LocalAuthentication
import Sodium
import TestSupport
import Testing

/// The session API driven the way a UI drives it: open, locked, unlock with each method, lock
/// again, resign on a mocked logind `Lock`, become active with and without the reuse window,
/// and a change by another process (the built CLI) arriving as an event.
@Suite(.serialized) struct AppSessionTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    static let passcode = "correct horse"

    /// A session on the file vault with fakes: `passwords` answer prompts in order.
    func session(
        passwords: [String?] = [], reader: FakeFingerprintReader? = nil, cache: ExpiringKeyCache = ExpiringKeyCache()
    ) -> (AppSession, ScriptedPresenter) {
        let presenter = ScriptedPresenter(passwords: passwords)
        let session = fileVaultSession(
            home: home, runtime: dir.appending("run"), presenter: presenter, biometrics: reader, cache: cache)
        return (session, presenter)
    }

    /// A session whose lock is on with the passcode, then locked.
    func lockedWithPasscode(cache: ExpiringKeyCache = ExpiringKeyCache()) throws -> (AppSession, ScriptedPresenter) {
        let (session, presenter) = self.session(passwords: [Self.passcode, Self.passcode], cache: cache)
        #expect(try session.open())
        #expect(try session.enableLock(.passcode) == .changed(.passcode, keyBesideVault: false))
        session.lock()
        return (session, presenter)
    }

    @Test func lockOffOpensAndContentCallsWork() throws {
        let (session, _) = session()
        #expect(try session.open())
        #expect(!session.isLocked)
        let list = try session.addList(name: "Groceries")
        _ = try session.addItem(NewItem(text: "Milk"), to: list.id)
        #expect(try session.items(in: list.id).map(\.text) == ["Milk"])
        #expect(try session.lists().map(\.name).contains("Groceries"))
    }

    @Test func searchFindsItemsAcrossListsWithTheirList() throws {
        let (session, _) = session()
        #expect(try session.open())
        let groceries = try session.addList(name: "Groceries")
        let trips = try session.addList(name: "Trips")
        _ = try session.addItem(NewItem(text: "Oat milk"), to: groceries.id)
        _ = try session.addItem(NewItem(text: "Bread"), to: groceries.id)
        _ = try session.addItem(NewItem(text: "Milk for the road"), to: trips.id)
        let found = try session.searchItems("MILK")
        #expect(found.map(\.item.text) == ["Oat milk", "Milk for the road"])
        #expect(found.map(\.list.name) == ["Groceries", "Trips"])
        #expect(try session.searchItems("").isEmpty)
        #expect(try session.searchItems("cheese").isEmpty)
    }

    @Test func notificationPermissionIsAnsweredOnce() throws {
        let (session, _) = session()
        #expect(try session.open())
        #expect(session.notificationPermissionUndetermined)
        #expect(try !session.answerNotificationPermission(false))
        #expect(!session.notificationPermissionUndetermined)
        #expect(try !session.answerNotificationPermission(true))  // the first answer stays
    }

    @Test func lockedSessionRefusesContentUntilThePasscodeUnlocksIt() async throws {
        let (session, _) = try lockedWithPasscode()
        #expect(session.isLocked)
        #expect(throws: AppSessionError.locked) { try session.lists() }
        #expect(throws: AppSessionError.locked) { try session.addList(name: "x") }
        #expect(try !session.open())  // nothing cached: opening asks nobody and stays locked

        // A front end started later: locked until the passcode is entered.
        let (again, presenter) = self.session(passwords: [Self.passcode])
        #expect(again.isLocked)
        let recorder = EventRecorder<SessionEvent>()
        again.addObserver(recorder.handler)
        try await again.unlock()
        #expect(presenter.log.contains { $0.hasPrefix("password: ") })
        #expect(await recorder.wait(for: 1) == [.unlocked])
        #expect(!again.isLocked)
        #expect(try again.lists().count == 1)
        again.lock()
        #expect(again.isLocked)
        #expect(throws: AppSessionError.locked) { try again.notes() }
    }

    @Test func wrongPasscodeLeavesItLocked() async throws {
        _ = try lockedWithPasscode()
        let (session, _) = self.session(passwords: ["wrong one", nil])
        await #expect(throws: LAError.self) { try await session.unlock() }
        #expect(session.isLocked)
        #expect(throws: AppSessionError.locked) { try session.lists() }
    }

    @Test func passwordMethodUnlocks() async throws {
        let (session, _) = self.session(passwords: ["account pw", "account pw"])
        #expect(try session.open())
        #expect(try session.enableLock(.password) == .changed(.password, keyBesideVault: true))
        session.lock()
        #expect(throws: AppSessionError.locked) { try session.lists() }
        try await session.unlock()
        #expect(try session.lists().count == 1)
    }

    @Test func fingerprintMethodUnlocks() async throws {
        let reader = FakeFingerprintReader()
        let (session, _) = self.session(reader: reader)
        #expect(try session.open())
        #expect(session.defaultLockMethod() == .fingerprint)
        async let enabled = session.run { try $0.enableLock(.fingerprint) }
        await reader.touch(.match)
        #expect(try await enabled == .changed(.fingerprint, keyBesideVault: true))
        session.lock()
        #expect(throws: AppSessionError.locked) { try session.lists() }
        async let unlocked: Void = session.unlock()
        await reader.touch(.match)
        try await unlocked
        #expect(try session.lists().count == 1)
    }

    @Test func unlockingLeavesTheKeychainFileAlone() async throws {
        // Each needless rewrite is two fsyncs; they were most of an unlock's time.
        let reader = FakeFingerprintReader()
        let (session, _) = self.session(reader: reader)
        #expect(try session.open())
        async let enabled = session.run { try $0.enableLock(.fingerprint) }
        await reader.touch(.match)
        _ = try await enabled
        session.lock()
        let vault = home + "/keychain.vault"
        let before = try #require(FileManager.default.contents(atPath: vault))
        async let unlocked: Void = session.unlock()
        await reader.touch(.match)
        try await unlocked
        #expect(!session.isLocked)
        #expect(FileManager.default.contents(atPath: vault) == before)
    }

    @Test func unlockingWithThePasscodeLeavesTheKeychainFileAlone() async throws {
        _ = try lockedWithPasscode()
        let vault = home + "/keychain.vault"
        let before = try #require(FileManager.default.contents(atPath: vault))
        let (session, _) = self.session(passwords: [Self.passcode])
        try await session.unlock()
        #expect(!session.isLocked)
        #expect(FileManager.default.contents(atPath: vault) == before)
    }

    @Test func changeByTheCLIArrivesAsAnEvent() async throws {
        let cli = CLIRunner(home: home)
        #expect(try cli.run("lists").status == 0)
        let (session, _) = session()
        #expect(try session.open())
        let monitor = try session.watchChanges()
        defer { monitor.stop() }
        let recorder = EventRecorder<SessionEvent>()
        session.addObserver(recorder.handler)
        #expect(try cli.run("item", "add", "List", "Buy", "milk").status == 0)
        #expect(await recorder.arrival { $0 == .changed(.itemsChanged(listIDs: [1])) } != nil)
        #expect(try session.items(in: 1).map(\.text) == ["Buy milk"])
    }

    /// Watching with `excludingOwn`, the session's own writes make no change event (its window
    /// shows them already); another session's (another window) and another process's (the CLI) do.
    @Test func ownWritesMakeNoChangeEventButOtherWritersDo() async throws {
        let (session, _) = session()
        #expect(try session.open())
        let monitor = try session.watchChanges(excludingOwn: true)
        defer { monitor.stop() }
        let recorder = EventRecorder<SessionEvent>()
        session.addObserver(recorder.handler)
        let mine = try session.addList(name: "Mine")
        let theirs = try session.addList(name: "Theirs")
        let item = try session.addItem(NewItem(text: "Milk"), to: mine.id)
        _ = try session.toggleItem(id: item.id)
        _ = try session.editList(id: mine.id, name: "Still mine")
        func names(_ event: SessionEvent, _ id: Int64) -> Bool {
            switch event {
            case .changed(.itemsChanged(let ids)), .changed(.listsChanged(let ids)): ids.contains(id)
            default: false
            }
        }
        // Another session (another window) writes after them: its change arrives, and no event
        // before or with it names the list only this session wrote to.
        let (other, _) = self.session()
        #expect(try other.open())
        _ = try other.addItem(NewItem(text: "Bread"), to: theirs.id)
        #expect(await recorder.arrival { names($0, theirs.id) } != nil)
        #expect(!recorder.all.contains { names($0, mine.id) })
        // Another process (the CLI) writes to this session's list: that arrives.
        #expect(try CLIRunner(home: home).run("item", "add", "Still mine", "Eggs").status == 0)
        #expect(await recorder.arrival { $0 == .changed(.itemsChanged(listIDs: [mine.id])) } != nil)
        #expect(monitor.rowsRead > 0)
    }

    @Test func logindLockDropsTheKeyAndUnlockWithinTheReuseWindowAsksNothing() async throws {
        _ = try lockedWithPasscode()
        let (unlocking, _) = self.session(passwords: [Self.passcode])
        try await unlocking.unlock()
        let rig = try Rig("dbusmock")
        let logind = try DBusConnection(bus: .address(try #require(rig.environment["DBUS_SYSTEM_BUS_ADDRESS"])))
        try addGetSessionByPID(logind)
        let events = LifecycleEvents(
            configuration: .init(
                systemBus: .address(try #require(rig.environment["DBUS_SYSTEM_BUS_ADDRESS"])), sessionBus: nil,
                sessionID: nil, watchesSignals: false))
        defer { events.stop() }
        #expect(await events.start().contains(.sessionLock))
        let recorder = EventRecorder<SessionEvent>()
        unlocking.addObserver(recorder.handler)
        unlocking.follow(events)

        try callSession(logind, "Lock")
        #expect(await recorder.arrival { $0 == .locked } != nil)
        #expect(unlocking.isLocked)
        #expect(throws: AppSessionError.locked) { try unlocking.lists() }
        try callSession(logind, "Unlock")
        // The unlock a moment ago is inside the 60 s reuse window: back without asking.
        #expect(await recorder.arrival { $0 == .unlocked } != nil)
        #expect(!unlocking.isLocked)
        #expect(try unlocking.lists().count == 1)
    }

    @Test func becomingActiveAfterTheReuseWindowShowsTheLockScreen() async throws {
        let cache = ExpiringKeyCache()
        let (session, _) = self.session(passwords: [Self.passcode, Self.passcode], cache: cache)
        #expect(try session.open())
        _ = try session.enableLock(.passcode)
        #expect(try session.saveLockTimes(reuseSeconds: 0, idleMinutes: nil).reuseSeconds == 0)
        session.lock()
        let (again, _) = self.session(passwords: [Self.passcode, Self.passcode], cache: cache)
        try await again.unlock()
        again.willResignActive(.idle)
        #expect(again.isLocked)
        #expect(again.didBecomeActive())  // no reuse window: the lock screen shows
        #expect(throws: AppSessionError.locked) { try again.lists() }
        // A mere focus change keeps the key.
        try await again.unlock()
        again.willResignActive(.focusLost)
        #expect(!again.didBecomeActive())
        #expect(try again.lists().count == 1)
    }

    @Test func passcodeSetChangeRemoveThroughTheSession() throws {
        let answers = ["12345", Self.passcode, Self.passcode, Self.passcode, "new passcode!", "new passcode!"]
        let (session, _) = self.session(passwords: answers + ["new passcode!"])
        #expect(throws: AppSessionError.self) { try session.setPasscode() }  // too short
        try session.setPasscode()
        #expect(session.hasPasscode)
        #expect(throws: AppSessionError.refused("A passcode is already set; use 'checklists passcode change'.")) {
            try session.setPasscode()
        }
        try session.changePasscode()
        try session.removePasscode()
        #expect(!session.hasPasscode)
    }

    // MARK: - Helpers

    func addGetSessionByPID(_ logind: DBusConnection) throws { try LogindMock.addGetSessionByPID(logind) }

    func callSession(_ logind: DBusConnection, _ method: String) throws {
        try LogindMock.callSession(logind, method)
    }
}

/// An in-memory `UnlockedKeyCache` whose entries expire like the kernel keyring's.
final class ExpiringKeyCache: UnlockedKeyCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entry: (key: SecureBytes, until: Date)?
    var isAvailable: Bool { true }
    func load() -> SecureBytes? { lock.withLock { entry.flatMap { Date() < $0.until ? $0.key : nil } } }
    func store(_ key: SecureBytes, for seconds: TimeInterval) {
        lock.withLock { entry = (key, Date().addingTimeInterval(seconds)) }
    }
    func drop() { lock.withLock { entry = nil } }
    func expiry() -> Date? { lock.withLock { entry?.until } }
}
