import DBus
import Foundation
import Synchronization

/// Connects to a bus and runs blocking D-Bus calls off the caller's thread, each bounded by a
/// deadline, so that a missing bus or one that never answers costs at most the timeout.
enum BusConnector {
    /// A connection to `bus`, or nil when there is none or it did not answer within `timeout`
    /// seconds (a late connection is closed as soon as it arrives).
    static func connect(_ bus: DBusConnection.Bus, timeout: Double) async -> DBusConnection? {
        await withDeadline(timeout, late: { $0?.close() }) { try? DBusConnection(bus: bus) } ?? nil
    }

    /// Runs `body` on a thread of its own and returns its result, or nil after `timeout` seconds.
    /// - Parameter late: Called with the result if it arrives after the deadline.
    static func withDeadline<T: Sendable>(
        _ timeout: Double, late: @escaping @Sendable (T) -> Void = { _ in },
        _ body: @escaping @Sendable () -> T
    ) async -> T? {
        await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            let pending = Mutex<CheckedContinuation<T?, Never>?>(continuation)
            Thread.detachNewThread {
                let result = body()
                if let waiting = pending.withLock({ $0.take() }) {
                    waiting.resume(returning: result)
                } else {
                    late(result)
                }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                pending.withLock { $0.take() }?.resume(returning: nil)
            }
        }
    }
}
