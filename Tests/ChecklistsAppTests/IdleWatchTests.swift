import ChecklistsApp
import Foundation
import Synchronization
import TestSupport
import Testing

/// The UI's idle timer follows a changed timeout at once (no restart): a long timeout replaced
/// by a short one fires after the short one; none stops it.
@Suite struct IdleWatchTests {
    /// The lifecycle events seen so far.
    typealias Received = Recorded<LifecycleEvent>

    @Test func aNewTimeoutReplacesTheOldOneAtOnce() async {
        let received = Received()
        let idle = IdleWatch { event in received.events.withLock { $0.append(event) } }
        defer { idle.stop() }
        idle.apply(300)
        #expect(idle.timeout == 300)
        idle.apply(0.2)
        #expect(await received.wait(for: 1).first == .resign(.idle))
        idle.noteActivity()
        // (The timer runs again after the activity: a third event may follow.)
        #expect(Array(await received.wait(for: 2).prefix(2)) == [.resign(.idle), .becomeActive(.activity)])
    }

    /// Idle-locked, then the timeout changes (Settings or the CLI): the next key still ends the
    /// idle time, so the lock screen prompts by itself.
    @Test func aNewTimeoutWhileIdleStillEndsTheIdleTimeOnTheNextKey() async {
        let received = Received()
        let idle = IdleWatch { event in received.events.withLock { $0.append(event) } }
        defer { idle.stop() }
        idle.apply(0.2)
        #expect(await received.wait(for: 1).first == .resign(.idle))
        idle.apply(600)
        idle.noteActivity()
        #expect(Array(await received.wait(for: 2).prefix(2)) == [.resign(.idle), .becomeActive(.activity)])
        idle.noteActivity()
        #expect(received.events.withLock { $0.count } == 2)
    }

    @Test func noTimeoutStopsTheTimer() async throws {
        let received = Received()
        let idle = IdleWatch { event in received.events.withLock { $0.append(event) } }
        idle.apply(0.3)
        idle.apply(nil)
        #expect(idle.timeout == nil)
        try await Task.sleep(for: .milliseconds(800))
        #expect(received.events.withLock { $0 }.isEmpty)
    }
}
