import DBus
import Foundation
import Localization
import Sodium

/// The fingerprint reader through fprintd (`net.reactivated.Fprint` on the system bus).
///
/// Every verification holds one private connection from Claim to Release, because a claim
/// belongs to the connection that made it.
public struct FprintdReader: BiometricDevice {
    static let service = "net.reactivated.Fprint"
    static let managerPath = "/net/reactivated/Fprint/Manager"
    static let managerInterface = "net.reactivated.Fprint.Manager"
    static let deviceInterface = "net.reactivated.Fprint.Device"

    public let bus: DBusConnection.Bus
    /// The connection and device a `status()` that found the reader ready leaves for the
    /// verification that usually follows it at once: one bus connection (handshake and GDBus
    /// worker thread) and one `GetDefaultDevice` instead of two each.
    private let handOver = HandOver()

    public init(bus: DBusConnection.Bus = .system) {
        self.bus = bus
    }

    public func status() -> BiometricStatus {
        let connection: DBusConnection
        do { connection = try DBusConnection(bus: bus) } catch {
            return .unavailable(reason: "\(error)")
        }
        let device: String
        do { device = try defaultDevice(connection) } catch {
            connection.close()
            return .unavailable(reason: error.message)
        }
        let fingers = Result { () throws(DBusError) in try enrolledFingers(connection, device) }
        let status = Self.status(device: device, fingers: fingers)
        if case .ready = status {
            handOver.keep(connection, device: device)
        } else {
            connection.close()
        }
        return status
    }

    /// The status and a verification started together: fprintd checks `ListEnrolledFingers`,
    /// `Claim` and `VerifyStart` each with polkit, so the enrolled fingers are asked on another
    /// thread while this one claims the reader and starts the verification (the slowest of the
    /// three, the fingers query, overlaps the other two instead of going before them).
    public func statusStartingVerification(events: @escaping @Sendable (ScanEvent) -> Void)
        -> (BiometricStatus, Result<any BiometricSession, LAError>?)
    {
        let connection: DBusConnection
        let device: String
        switch reader() {
        case .success(let reached): (connection, device) = reached
        case .failure(let failure): return (.unavailable(reason: failure.reason), nil)
        }
        let fingers = FingersQuery { Result { () throws(DBusError) in try enrolledFingers(connection, device) } }
        let session = FprintdSession(connection: connection, device: device, events: events)
        let started: Result<any BiometricSession, LAError>
        do {
            try session.start()
            started = .success(session)
        } catch {
            started = .failure(error)
        }
        let status = Self.status(device: device, fingers: fingers.wait())
        guard case .ready = status else {
            session.stop()
            return (status, nil)
        }
        if case .failure = started { session.stop() }
        return (status, started)
    }

    /// The enrolled fingers' names.
    private func enrolledFingers(_ connection: DBusConnection, _ device: String) throws(DBusError) -> [String] {
        let reply = try connection.call(
            destination: Self.service, path: device, interface: Self.deviceInterface, method: "ListEnrolledFingers",
            arguments: [.string("")], timeout: 5)
        return reply.first?.strings ?? []
    }

    /// The status that `ListEnrolledFingers`' answer means.
    static func status(device: String, fingers: Result<[String], DBusError>) -> BiometricStatus {
        switch fingers {
        case .success(let names):
            let sorted = names.sorted()
            guard !sorted.isEmpty else { return .notEnrolled }
            return .ready(enrollment: Data(Sodium.hash(Array((device + "\n" + sorted.joined(separator: "\n")).utf8))))
        case .failure(let error):
            if error.remoteName == "net.reactivated.Fprint.Error.NoEnrolledPrints" { return .notEnrolled }
            return .unavailable(reason: explain(error))
        }
    }

    public func startVerification(events: @escaping @Sendable (ScanEvent) -> Void) throws(LAError)
        -> any BiometricSession
    {
        let connection: DBusConnection
        let device: String
        switch reader() {
        case .success(let reached): (connection, device) = reached
        case .failure(.bus(let error)):
            throw LAError(.biometryNotAvailable, tr("Authentication could not start: %@.", "\(error)"))
        case .failure(.device(let error)): throw error
        }
        let session = FprintdSession(connection: connection, device: device, events: events)
        do {
            try session.start()
        } catch {
            session.stop()
            throw error
        }
        return session
    }

    /// Why the reader could not be reached: no bus, or no device on it.
    private enum Unreachable: Error {
        case bus(DBusError)
        case device(LAError)

        /// What a status says.
        var reason: String {
            switch self {
            case .bus(let error): "\(error)"
            case .device(let error): error.message
            }
        }
    }

    /// The connection and device to claim the reader with: those a ready `status()` handed
    /// over, else new ones. First waits for an earlier session's Release still under way in
    /// the background: a claim made meanwhile would fail.
    private func reader() -> Result<(DBusConnection, String), Unreachable> {
        ReaderReleases.shared.wait()
        if let kept = handOver.take() { return .success(kept) }
        let connection: DBusConnection
        do { connection = try DBusConnection(bus: bus) } catch { return .failure(.bus(error)) }
        do { return .success((connection, try defaultDevice(connection))) } catch {
            connection.close()
            return .failure(.device(error))
        }
    }

    func defaultDevice(_ connection: DBusConnection) throws(LAError) -> String {
        do throws(DBusError) {
            let reply = try connection.call(
                destination: Self.service, path: Self.managerPath, interface: Self.managerInterface,
                method: "GetDefaultDevice", timeout: 5)
            guard let path = reply.first?.string else { throw DBusError.failed("no device path in reply") }
            return path
        } catch {
            throw LAError(
                .biometryNotAvailable,
                "Authentication could not start because no fingerprint reader is available (\(Self.explain(error))).")
        }
    }

    /// A short reason for a D-Bus failure, in the user's terms.
    static func explain(_ error: DBusError) -> String {
        switch error.remoteName {
        case "net.reactivated.Fprint.Error.NoSuchDevice": "no fingerprint reader is connected"
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            "fprintd is not running"
        case "net.reactivated.Fprint.Error.PermissionDenied":
            "fprintd refused access: \(error.description)"
        case "net.reactivated.Fprint.Error.AlreadyInUse", "net.reactivated.Fprint.Error.ClaimDevice":
            "the reader is in use by another program"
        default: error.description
        }
    }
}

/// One claimed fprintd device waiting for fingers.
final class FprintdSession: BiometricSession, @unchecked Sendable {
    private let connection: DBusConnection
    private let device: String
    private let events: @Sendable (ScanEvent) -> Void
    private let lock = NSLock()
    private var listening = false
    private var stopped = false
    private var subscriptions: [UInt32] = []

    init(connection: DBusConnection, device: String, events: @escaping @Sendable (ScanEvent) -> Void) {
        self.connection = connection
        self.device = device
        self.events = events
    }

    /// Claims the reader and starts verifying; on failure the caller stops the session.
    func start() throws(LAError) {
        // Subscribe before VerifyStart: the result can arrive before the method's reply. Claim,
        // sent next on this connection, reaches fprintd only after the bus has added both
        // matches (it handles a connection's messages in order), so neither waits for a
        // confirming round trip of its own.
        let status = connection.subscribe(
            sender: FprintdReader.service, path: device, interface: FprintdReader.deviceInterface,
            member: "VerifyStatus", confirmed: false
        ) { [weak self] _, _, arguments in
            guard let self, let result = arguments.first?.string else { return }
            self.deliver(Self.event(for: result))
        }
        let properties = connection.subscribe(
            sender: FprintdReader.service, path: device, interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged", confirmed: false
        ) { [weak self] _, _, arguments in
            guard let self, arguments.count >= 2, let changed = arguments[1].dictionary,
                changed["finger-needed"]?.bool == true
            else { return }
            self.deliver(.fingerNeeded)
        }
        lock.withLock { subscriptions = [status, properties] }
        do {
            try call("Claim", [.string("")])
        } catch {
            throw LAError(
                .biometryNotAvailable, tr("Authentication could not start: %@.", FprintdReader.explain(error)))
        }
        try verifyStart()
    }

    func next() throws(LAError) {
        lock.withLock { listening = false }
        _ = try? call("VerifyStop")
        do {
            try verifyStart()
        } catch {
            stop()
            throw error
        }
    }

    /// Stops at once; VerifyStop and Release (two round trips to fprintd, which closes the
    /// device before it answers) go on in the background while the caller carries on with the
    /// unlock. The next verification, and the process's exit, wait for them (`ReaderReleases`),
    /// so no claim ever meets a release still under way.
    func stop() {
        let (wasStopped, ids) = lock.withLock {
            defer {
                stopped = true
                listening = false
            }
            return (stopped, subscriptions)
        }
        guard !wasStopped else { return }
        for id in ids { connection.unsubscribe(id) }
        ReaderReleases.shared.run { [self] in
            _ = try? call("VerifyStop")
            _ = try? call("Release")
            connection.close()
        }
    }

    /// Starts a verification; on failure the caller stops the session.
    private func verifyStart() throws(LAError) {
        lock.withLock { listening = true }
        do {
            try call("VerifyStart", [.string("any")])
        } catch {
            lock.withLock { listening = false }
            if error.remoteName == "net.reactivated.Fprint.Error.NoEnrolledPrints" {
                throw LAError(.biometryNotEnrolled)
            }
            throw LAError(
                .biometryNotAvailable, tr("Authentication could not start: %@.", FprintdReader.explain(error)))
        }
    }

    /// Passes events on only while a verification we started runs (a VerifyStop's final
    /// "no match" is not the user's).
    private func deliver(_ event: ScanEvent) {
        guard lock.withLock({ listening && !stopped }) else { return }
        switch event {
        case .match, .noMatch, .disconnected, .failed: lock.withLock { listening = false }
        default: break
        }
        events(event)
    }

    private func call(_ method: String, _ arguments: [DBusValue] = []) throws(DBusError) {
        try connection.call(
            destination: FprintdReader.service, path: device, interface: FprintdReader.deviceInterface, method: method,
            arguments: arguments, timeout: 10)
    }

    static func event(for result: String) -> ScanEvent {
        switch result {
        case "verify-match": .match
        case "verify-no-match": .noMatch
        case "verify-retry-scan": .retry(.tryAgain)
        case "verify-swipe-too-short": .retry(.swipeTooShort)
        case "verify-finger-not-centered": .retry(.centerFinger)
        case "verify-remove-and-retry": .retry(.removeAndRetry)
        case "verify-disconnected": .disconnected
        default: .failed(result)
        }
    }
}

/// Holds one connection from `status()` to the next `startVerification()` for a short while
/// (a later verification, e.g. in the desktop app minutes after, opens its own).
final class HandOver: @unchecked Sendable {
    /// How long a kept connection may wait for its verification, in seconds.
    static let window: Double = 2
    private let lock = NSLock()
    private var kept: (connection: DBusConnection, device: String, at: Double)?

    /// Keeps `connection` (closing one kept before).
    func keep(_ connection: DBusConnection, device: String) {
        let old = lock.withLock {
            defer { kept = (connection, device, Self.now()) }
            return kept
        }
        old?.connection.close()
    }

    /// The kept connection and device if kept within `window`, else nil (closing a stale one).
    func take() -> (DBusConnection, String)? {
        let taken = lock.withLock {
            defer { kept = nil }
            return kept
        }
        guard let taken else { return nil }
        guard Self.now() - taken.at <= Self.window else {
            taken.connection.close()
            return nil
        }
        return (taken.connection, taken.device)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Releases of the reader still under way in the background (see `FprintdSession.stop`).
/// `wait()` returns once they are done; the process waits for them at exit.
final class ReaderReleases: @unchecked Sendable {
    static let shared = ReaderReleases()
    /// How long a wait gives the releases under way (each call has its own 10 s timeout).
    static let patience: Double = 25
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "checklists.fprintd-release")
    private let lock = NSLock()
    private var waitsAtExit = false

    /// Runs `body` in the background, counted until it returns.
    func run(_ body: @escaping @Sendable () -> Void) {
        let first = lock.withLock {
            defer { waitsAtExit = true }
            return !waitsAtExit
        }
        if first { atexit(waitForReaderReleases) }
        group.enter()
        queue.async { [group] in
            body()
            group.leave()
        }
    }

    /// Waits for the releases under way.
    func wait() {
        _ = group.wait(timeout: .now() + Self.patience)
    }
}

/// At exit: a claim made by the next process must not meet our release still under way.
private func waitForReaderReleases() {
    ReaderReleases.shared.wait()
}

/// `ListEnrolledFingers` asked on a thread of its own; `wait()` returns its answer.
final class FingersQuery: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var answer: Result<[String], DBusError> = .failure(.failed("no answer"))

    init(_ ask: @escaping @Sendable () -> Result<[String], DBusError>) {
        Thread { [self] in
            answer = ask()
            done.signal()
        }.start()
    }

    func wait() -> Result<[String], DBusError> {
        done.wait()
        return answer
    }
}
