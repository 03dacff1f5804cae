import Synchronization

/// Handlers registered under tokens (in no particular order), each called with every event.
final class ObserverList<Event: Sendable>: Sendable {
    private let handlers = Mutex<[UInt64: @Sendable (Event) -> Void]>([:])
    private let next = Atomic<UInt64>(0)

    func add(_ handler: @escaping @Sendable (Event) -> Void) -> UInt64 {
        let token = next.add(1, ordering: .relaxed).newValue
        handlers.withLock { $0[token] = handler }
        return token
    }

    func remove(_ token: UInt64) {
        _ = handlers.withLock { $0.removeValue(forKey: token) }
    }

    func send(_ event: Event) {
        for handler in handlers.withLock({ Array($0.values) }) { handler(event) }
    }

    /// A stream of the events from now on; iterating stops → the handler is removed.
    func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let token = add { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.remove(token) }
        return stream
    }
}
