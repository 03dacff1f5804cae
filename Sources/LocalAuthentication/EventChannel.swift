import Foundation

/// A queue of events from several threads (reader, keyboard, invalidate) that one evaluation
/// waits on, with a timeout.
final class EventChannel<Event: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [Event] = []

    func send(_ event: Event) {
        condition.lock()
        queue.append(event)
        condition.signal()
        condition.unlock()
    }

    /// The next event, or nil when `deadline` passes first.
    func receive(before deadline: Date) -> Event? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty {
            if !condition.wait(until: deadline) { return queue.isEmpty ? nil : queue.removeFirst() }
        }
        return queue.removeFirst()
    }
}
