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
