import Foundation

/// Addresses whose bus did not answer lately, remembered for the whole process.
///
/// A bus that let a connection time out is very likely silent a moment later too: a second
/// connection (the agent's next notification, a second probe in one command) then fails at
/// once instead of waiting out the deadline again. This is the module's only shared mutable
/// state; it forgets an address after `memory` seconds, so a long-running agent tries again.
final class SilentBuses: @unchecked Sendable {
    /// The process-wide instance.
    static let shared = SilentBuses()

    /// Seconds an address stays remembered as silent.
    static let memory: Double = 60

    private let lock = NSLock()
    private var silentUntil: [String: Double] = [:]

    /// Whether `address` timed out less than `memory` seconds ago.
    func isSilent(_ address: String) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return lock.withLock {
            guard let until = silentUntil[address] else { return false }
            if until > now { return true }
            silentUntil[address] = nil
            return false
        }
    }

    /// Notes that `address` just timed out.
    func remember(_ address: String) {
        let until = ProcessInfo.processInfo.systemUptime + Self.memory
        lock.withLock { silentUntil[address] = until }
    }
}
