import Foundation

/// Runs the agent's deliveries on their own thread, one pass at a time, so that a notification
/// service that is slow to answer never keeps the agent's loop from its signals.
final class DeliveryWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var requested = false
    private var stopping = false
    private var busy = false

    /// Starts the thread; `deliver` runs once per request (requests made while it runs are
    /// merged into one more pass), `afterFirstPass` once after the first.
    init(deliver: @escaping @Sendable () -> Void, afterFirstPass: @escaping @Sendable () -> Void) {
        Thread { [self] in
            var first = true
            while true {
                condition.lock()
                while !requested && !stopping { condition.wait() }
                if stopping {
                    condition.unlock()
                    return
                }
                requested = false
                busy = true
                condition.unlock()
                deliver()
                if first {
                    afterFirstPass()
                    first = false
                }
                condition.lock()
                busy = false
                condition.broadcast()
                condition.unlock()
            }
        }.start()
    }

    /// Asks for a delivery pass.
    func request() {
        condition.lock()
        requested = true
        condition.signal()
        condition.unlock()
    }

    /// Stops the thread, waiting at most `timeout` seconds for a pass under way (a pass cut
    /// short repeats at the next start: deliveries are recorded only after they are shown).
    func stop(timeout: Double) {
        condition.lock()
        stopping = true
        condition.broadcast()
        let limit = Date().addingTimeInterval(timeout)
        while busy && condition.wait(until: limit) {}
        condition.unlock()
    }
}
