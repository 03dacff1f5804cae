import Synchronization

/// Events a test receives from another thread or task (a lifecycle stream, an observer), and a
/// generous wait for them.
public final class Recorded<Event: Sendable>: Sendable {
    /// The events seen so far.
    public let events = Mutex<[Event]>([])

    public init() {}

    /// Waits (up to 30 s) until at least `count` events arrived.
    /// - Returns: The events seen by then.
    public func wait(for count: Int) async -> [Event] {
        let deadline = ContinuousClock.now + .seconds(30)
        while events.withLock({ $0.count }) < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return events.withLock { $0 }
    }
}
