import ChecklistsKit
import DBus
import Foundation
import TestSupport
import Testing

@testable import ChecklistsApp

/// The lifecycle event source against python-dbusmock's logind (private system bus), a mock
/// screensaver (private session bus), a short idle timeout and raised signals.
@Suite(.serialized) struct LifecycleEventsTests {
    static let sessionPath = LogindMock.sessionPath

    @Test func sessionLockResignsAndUnlockBecomesActive() async throws {
        let rig = try Rig("dbusmock")
        let logind = try mockBus(rig, "DBUS_SYSTEM_BUS_ADDRESS")
        try addGetSessionByPID(logind)
        let (events, recorder) = try await started(systemBus: rig, sessionID: nil)
        defer { events.stop() }

        try callSession(logind, "Lock")
        #expect(await recorder.wait(for: 1) == [.resign(.sessionLocked)])
        #expect(events.resignedReasons == [.sessionLocked])
        try callSession(logind, "Unlock")
        #expect(await recorder.wait(for: 2) == [.resign(.sessionLocked), .becomeActive(.sessionUnlocked)])
        #expect(events.resignedReasons.isEmpty)
    }

    @Test func findsTheSessionByIDWhenGetSessionByPIDIsMissing() async throws {
        let rig = try Rig("dbusmock")
        let logind = try mockBus(rig, "DBUS_SYSTEM_BUS_ADDRESS")
        let (events, recorder) = try await started(systemBus: rig, sessionID: "c1")
        defer { events.stop() }

        try callSession(logind, "Lock")
        #expect(await recorder.wait(for: 1) == [.resign(.sessionLocked)])
    }

    @Test func noSessionFoundLeavesOutLocksButKeepsSleep() async throws {
        let rig = try Rig("dbusmock")
        let events = LifecycleEvents(
            configuration: .init(
                systemBus: .address(try #require(rig.environment["DBUS_SYSTEM_BUS_ADDRESS"])), sessionBus: nil,
                sessionID: nil, watchesSignals: false))
        defer { events.stop() }
        #expect(await events.start() == [.sleep])
    }

    @Test func prepareForSleepResignsAndWakingBecomesActive() async throws {
        let rig = try Rig("dbusmock")
        let logind = try mockBus(rig, "DBUS_SYSTEM_BUS_ADDRESS")
        try addGetSessionByPID(logind)
        let (events, recorder) = try await started(systemBus: rig, sessionID: nil)
        defer { events.stop() }

        try emit(logind, path: "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", true)
        #expect(await recorder.wait(for: 1) == [.resign(.sleep)])
        try emit(logind, path: "/org/freedesktop/login1", "org.freedesktop.login1.Manager", "PrepareForSleep", false)
        #expect(await recorder.wait(for: 2) == [.resign(.sleep), .becomeActive(.wokeUp)])
    }

    @Test func screenSaverAndLogindHoldOneLockTogether() async throws {
        let rig = try Rig("dbusmock")
        let sessionAddress = try #require(rig.environment["DBUS_SESSION_BUS_ADDRESS"])
        let screenSaver = try ScreenSaverMock(sessionBus: sessionAddress)
        defer { screenSaver.stop() }
        let logind = try mockBus(rig, "DBUS_SYSTEM_BUS_ADDRESS")
        try addGetSessionByPID(logind)
        let events = LifecycleEvents(
            configuration: .init(
                systemBus: .address(try #require(rig.environment["DBUS_SYSTEM_BUS_ADDRESS"])),
                sessionBus: .address(sessionAddress), sessionID: nil, watchesSignals: false))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        #expect(await events.start() == [.sessionLock, .sleep, .screenSaver])

        try screenSaver.setActive(true)
        #expect(await recorder.wait(for: 1) == [.resign(.sessionLocked)])
        // The two buses' signals are not ordered with each other: wait until logind's hold has
        // come and gone before the screensaver lets go, or the test races itself.
        try callSession(logind, "Lock")
        #expect(await Self.logindHolds(events, true))
        try callSession(logind, "Unlock")
        #expect(await Self.logindHolds(events, false))
        try screenSaver.setActive(false)
        #expect(await recorder.wait(for: 2) == [.resign(.sessionLocked), .becomeActive(.sessionUnlocked)])
        // The logind pair came and went while the screensaver held the lock: nothing more.
        try await Task.sleep(for: .milliseconds(200))
        #expect(recorder.all.count == 2)
    }

    /// Waits (generously) until the events see logind holding the session lock, or not.
    static func logindHolds(_ events: LifecycleEvents, _ held: Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        func now() -> Bool { events.state.withLock { $0.holds[.sessionLocked]?.contains(.logind) ?? false } }
        while now() != held && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return now() == held
    }

    @Test func idleTimeoutResignsAndActivityBecomesActive() async throws {
        let events = LifecycleEvents(
            configuration: .init(systemBus: nil, sessionBus: nil, idleTimeout: 0.2, watchesSignals: false))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        #expect(await events.start() == [.idleTimer])

        #expect(await recorder.wait(for: 1) == [.resign(.idle)])
        events.noteActivity()
        // The re-armed timer may have fired already when a loaded machine resumes this task.
        #expect(await recorder.wait(for: 2).prefix(2) == [.resign(.idle), .becomeActive(.activity)])
        // The timer is armed again from the activity.
        #expect(await recorder.wait(for: 3) == [.resign(.idle), .becomeActive(.activity), .resign(.idle)])
    }

    @Test func activityKeepsTheIdleTimerAway() async throws {
        let events = LifecycleEvents(
            configuration: .init(systemBus: nil, sessionBus: nil, idleTimeout: 1.5, watchesSignals: false))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        await events.start()
        // The activity comes from a thread of its own: on Swift's two-thread cooperative pool,
        // busy with other suites under load, a 100 ms sleep could last past the timeout.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                for _ in 0..<25 {
                    events.noteActivity()
                    usleep(100_000)
                }
                done.resume()
            }
        }
        #expect(recorder.all.isEmpty)
        #expect(await recorder.wait(for: 1) == [.resign(.idle)])
    }

    @Test func sigcontBecomesActiveAndSigtstpResigns() async throws {
        let events = LifecycleEvents(configuration: .init(systemBus: nil, sessionBus: nil, watchesSignals: true))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        #expect(await events.start() == [.signals])

        kill(getpid(), SIGCONT)
        #expect(await recorder.wait(for: 1) == [.becomeActive(.resumed)])
        // Sent to the process (as a terminal does): the test runs on a worker thread that blocks
        // signals. SIGTSTP only while a handler is in place, so the test process never stops.
        guard Self.sigtstpIsHandled() else { return }
        kill(getpid(), SIGTSTP)
        #expect(await recorder.wait(for: 2) == [.becomeActive(.resumed), .resign(.suspended)])
        #expect(events.resignedReasons == [.suspended])
        kill(getpid(), SIGCONT)
        #expect(
            await recorder.wait(for: 3) == [.becomeActive(.resumed), .resign(.suspended), .becomeActive(.resumed)])
    }

    @Test func focusReportedByTheUIAlternates() async throws {
        let events = LifecycleEvents(configuration: .init(systemBus: nil, sessionBus: nil, watchesSignals: false))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        await events.start()
        events.noteFocus(false)
        events.noteFocus(false)
        events.noteFocus(true)
        events.noteFocus(true)
        #expect(await recorder.wait(for: 2) == [.resign(.focusLost), .becomeActive(.focusGained)])
        try await Task.sleep(for: .milliseconds(100))
        #expect(recorder.all.count == 2)
    }

    @Test func eventsArriveThroughTheAsyncStream() async throws {
        let events = LifecycleEvents(configuration: .init(systemBus: nil, sessionBus: nil, watchesSignals: false))
        defer { events.stop() }
        let stream = events.events()
        await events.start()
        events.noteFocus(false)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .resign(.focusLost))
    }

    @Test func stoppingRestoresTheDefaultSigtstp() async throws {
        var before = sigaction()
        sigaction(SIGTSTP, nil, &before)
        let events = LifecycleEvents(configuration: .init(systemBus: nil, sessionBus: nil))
        await events.start()
        events.stop()
        var after = sigaction()
        sigaction(SIGTSTP, nil, &after)
        #expect(Self.address(before) == Self.address(after))
    }

    @Test func busThatNeverAnswersDoesNotHoldUpTheOtherSources() async throws {
        let dir = TemporaryDirectory()
        let silent = try SilentSocket(path: dir.appending("bus"))
        defer { silent.close() }
        let address = "unix:path=" + dir.appending("bus")
        let events = LifecycleEvents(
            configuration: .init(
                systemBus: .address(address), sessionBus: .address(address), idleTimeout: 0.3, watchesSignals: false,
                busTimeout: 0.5))
        defer { events.stop() }
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        let began = ContinuousClock.now
        #expect(await events.start() == [.idleTimer])
        #expect(ContinuousClock.now - began < .seconds(5))
        #expect(await recorder.wait(for: 1) == [.resign(.idle)])
    }

    @Test func missingBusesAreLeftOut() async throws {
        let dir = TemporaryDirectory()
        let address = "unix:path=" + dir.appending("nobody")
        let events = LifecycleEvents(
            configuration: .init(systemBus: .address(address), sessionBus: .address(address), watchesSignals: false))
        defer { events.stop() }
        #expect(await events.start() == [])
    }

    // MARK: - Helpers

    func started(systemBus rig: Rig, sessionID: String?) async throws -> (
        LifecycleEvents, EventRecorder<LifecycleEvent>
    ) {
        let events = LifecycleEvents(
            configuration: .init(
                systemBus: .address(try #require(rig.environment["DBUS_SYSTEM_BUS_ADDRESS"])), sessionBus: nil,
                sessionID: sessionID, watchesSignals: false))
        let recorder = EventRecorder<LifecycleEvent>()
        events.addObserver(recorder.handler)
        #expect(await events.start() == [.sessionLock, .sleep])
        return (events, recorder)
    }

    func mockBus(_ rig: Rig, _ variable: String) throws -> DBusConnection {
        try DBusConnection(bus: .address(try #require(rig.environment[variable])))
    }

    func addGetSessionByPID(_ logind: DBusConnection) throws { try LogindMock.addGetSessionByPID(logind) }

    func callSession(_ logind: DBusConnection, _ method: String) throws {
        try LogindMock.callSession(logind, method)
    }

    static func sigtstpIsHandled() -> Bool {
        var current = sigaction()
        sigaction(SIGTSTP, nil, &current)
        let handler = address(current)
        return handler != 0 && handler != 1
    }

    static func address(_ action: sigaction) -> Int {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }
}

/// Emits `interface.member(b value)` from a dbusmock object through Mock.EmitSignal.
func emit(_ bus: DBusConnection, path: String, _ interface: String, _ member: String, _ value: Bool) throws {
    let destination = interface.hasPrefix("org.freedesktop.login1") ? "org.freedesktop.login1" : interface
    try bus.call(
        destination: destination, path: path, interface: "org.freedesktop.DBus.Mock", method: "EmitSignal",
        arguments: [
            .string(interface), .string(member), .string("b"), .array(elementType: "v", [.variant(.bool(value))]),
        ])
}
