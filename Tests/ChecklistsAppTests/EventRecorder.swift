import Foundation
import Synchronization

/// Collects events from a handler and lets a test wait for them with a generous deadline.
final class EventRecorder<Event: Sendable>: Sendable {
    private let events = Mutex<[(event: Event, at: ContinuousClock.Instant)]>([])

    /// A handler to register with the source under test.
    var handler: @Sendable (Event) -> Void {
        { [weak self] event in self?.events.withLock { $0.append((event, .now)) } }
    }

    var all: [Event] { events.withLock { $0.map(\.event) } }

    /// Waits until at least `count` events arrived (or `timeout` seconds passed) and returns them.
    func wait(for count: Int, timeout: Double = 10) async -> [Event] {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while events.withLock({ $0.count }) < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return all
    }

    /// Waits until an event satisfies `match` and returns when it arrived, or nil after `timeout`.
    func arrival(timeout: Double = 10, where match: (Event) -> Bool) async -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if let hit = events.withLock({ $0.first { match($0.event) } }) { return hit.at }
            try? await Task.sleep(for: .milliseconds(2))
        }
        // Under a loaded suite this task may not run for a long while: look once more, so only
        // an event that really never came counts as missing.
        return events.withLock({ $0.first { match($0.event) } })?.at
    }

    func clear() { events.withLock { $0.removeAll() } }
}
