import Foundation
import Localization

/// A fingerprint reader (on Linux: fprintd). Implementations live outside this module.
public protocol BiometricDevice: Sendable {
    /// Whether there is a reader with enrolled fingers for this user.
    func status() -> BiometricStatus

    /// Claims the reader and starts waiting for a finger; results arrive through `events`
    /// (on any thread) until the session is stopped.
    /// - Throws: `LAError` (`biometryNotAvailable`, `biometryNotEnrolled`, …) when it cannot start.
    func startVerification(events: @escaping @Sendable (ScanEvent) -> Void) throws(LAError) -> any BiometricSession

    /// See the extension's default (`status()`, then `startVerification` when ready).
    func statusStartingVerification(events: @escaping @Sendable (ScanEvent) -> Void)
        -> (BiometricStatus, Result<any BiometricSession, LAError>?)
}

extension BiometricDevice {
    /// The status and, when it is ready, a verification started with it (its result: the session
    /// or why it could not start), for an evaluation that scans at once. A reader may overlap the
    /// two (fprintd: the enrolled-finger query with the claim); this default asks in turn.
    public func statusStartingVerification(events: @escaping @Sendable (ScanEvent) -> Void)
        -> (BiometricStatus, Result<any BiometricSession, LAError>?)
    {
        let status = status()
        guard case .ready = status else { return (status, nil) }
        do {
            return (status, .success(try startVerification(events: events)))
        } catch {
            return (status, .failure(error))
        }
    }
}

/// A claimed reader waiting for fingers.
public protocol BiometricSession: AnyObject, Sendable {
    /// Waits for the next finger after a final result (no match).
    func next() throws(LAError)
    /// Stops waiting and releases the reader. Safe to call twice.
    func stop()
}

/// What the reader reports.
public enum BiometricStatus: Sendable, Equatable {
    /// Ready; `enrollment` identifies the set of enrolled fingers (changes when it changes).
    case ready(enrollment: Data)
    /// There is a reader but this user has no enrolled fingers.
    case notEnrolled
    /// No reader (or no fprintd, or no bus); `reason` says which.
    case unavailable(reason: String)
}

/// One event of a verification.
public enum ScanEvent: Sendable, Equatable {
    /// The reader waits for a finger.
    case fingerNeeded
    /// The finger matched an enrolled one.
    case match
    /// The finger did not match.
    case noMatch
    /// The scan was not usable; the reader keeps waiting.
    case retry(ScanHint)
    /// The reader went away.
    case disconnected
    /// Something else went wrong.
    case failed(String)
}

/// Why a scan must be repeated (fprintd's retry results).
public enum ScanHint: Sendable, Equatable {
    case tryAgain
    case swipeTooShort
    case centerFinger
    case removeAndRetry

    /// The hint shown to the user.
    public var message: String {
        switch self {
        case .tryAgain: tr("Try again")
        case .swipeTooShort: tr("Swipe was too short")
        case .centerFinger: tr("Center your finger")
        case .removeAndRetry: tr("Remove your finger and try again")
        }
    }
}
