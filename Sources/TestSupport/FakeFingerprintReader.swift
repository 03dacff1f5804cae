import Foundation
import LocalAuthentication

/// A fingerprint reader whose fingers the test presents: `touch(.match)`, `touch(.noMatch)`.
public final class FakeFingerprintReader: BiometricDevice, @unchecked Sendable {
    private let lock = NSLock()
    private var _status: BiometricStatus
    private var sink: (@Sendable (ScanEvent) -> Void)?
    /// True while a verification waits for a finger.
    private var armed = false
    private var _statusCalls = 0
    private var _whenStarted: (@Sendable () -> Void)?

    public init(status: BiometricStatus = .ready(enrollment: Data([1]))) {
        _status = status
    }

    public var currentStatus: BiometricStatus {
        get { lock.withLock { _status } }
        set { lock.withLock { _status = newValue } }
    }

    /// Runs inside `startVerification`, once the verification waits for a finger and before it
    /// returns (what another thread may do at that moment).
    public var whenStarted: (@Sendable () -> Void)? {
        get { lock.withLock { _whenStarted } }
        set { lock.withLock { _whenStarted = newValue } }
    }

    /// How many times `status()` was asked (each one is a bus connection with fprintd).
    public var statusCalls: Int { lock.withLock { _statusCalls } }

    public func status() -> BiometricStatus {
        lock.withLock {
            _statusCalls += 1
            return _status
        }
    }

    public func startVerification(events: @escaping @Sendable (ScanEvent) -> Void) throws(LAError)
        -> any BiometricSession
    {
        switch currentStatus {
        case .ready: break
        case .notEnrolled: throw LAError(.biometryNotEnrolled)
        case .unavailable(let reason): throw LAError(.biometryNotAvailable, reason)
        }
        let started = lock.withLock {
            sink = events
            armed = true
            return _whenStarted
        }
        started?()
        return FakeSession(reader: self)
    }

    /// Waits (without blocking a thread) until a verification waits for a finger, then
    /// delivers `event` to it.
    public func touch(_ event: ScanEvent) async {
        // Waits (up to a minute: a loaded machine is slow) until a scan is being waited for.
        for _ in 0..<6000 {
            if lock.withLock({ armed }) { break }
            try? await Task.sleep(for: .milliseconds(10))
        }
        deliver(event)
    }

    /// As `touch`, blocking the calling thread while it waits: for a thread of its own (the
    /// tasks' threads may all be blocked by evaluations waiting for this finger).
    public func touchBlocking(_ event: ScanEvent) {
        for _ in 0..<6000 {
            if lock.withLock({ armed }) { break }
            usleep(10_000)
        }
        deliver(event)
    }

    private func deliver(_ event: ScanEvent) {
        let sink: (@Sendable (ScanEvent) -> Void)? = lock.withLock {
            switch event {
            case .match, .noMatch, .disconnected, .failed: armed = false
            default: break
            }
            return self.sink
        }
        sink?(event)
    }

    fileprivate func next() { lock.withLock { armed = true } }
    fileprivate func stop() {
        lock.withLock {
            sink = nil
            armed = false
        }
    }
}

private final class FakeSession: BiometricSession, @unchecked Sendable {
    let reader: FakeFingerprintReader
    init(reader: FakeFingerprintReader) { self.reader = reader }
    func next() throws(LAError) { reader.next() }
    func stop() { reader.stop() }
}

/// An account-password check that accepts one password.
public struct FakePasswordVerifier: AccountPasswordVerifier {
    public let userName = "alice"
    public let password: String
    public init(password: String) { self.password = password }
    public func availability() -> Result<Void, LAError> { .success(()) }
    public func verify(password: [UInt8]) -> PasswordCheck {
        password == Array(self.password.utf8) ? .accepted : .rejected
    }
}
