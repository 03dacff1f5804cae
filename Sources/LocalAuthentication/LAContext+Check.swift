import Foundation
import Localization

extension LAContext {
    /// What can be evaluated right now, without prompting.
    struct Check {
        var result: Result<Void, LAError>
        var biometryType: LABiometryType
        var enrollment: Data?
        var biometryUsable: Bool
        var lockedOut: Bool
        /// The verification started with the check (only when one was asked for and the reader
        /// is usable): the session, or why it could not start.
        var started: Result<any BiometricSession, LAError>? = nil
    }

    /// Works out whether `policy` can be evaluated with `environment`'s backends.
    /// - Parameter events: For an evaluation about to scan: where a verification started with
    ///   the reader's status check (so the two overlap) sends its events.
    static func check(
        _ policy: LAPolicy, _ environment: LAEnvironment,
        startingVerification events: (@Sendable (ScanEvent) -> Void)? = nil
    ) -> Check {
        let lockedOut = environment.state.read().biometryLockedOut
        let status: BiometricStatus
        var started: Result<any BiometricSession, LAError>?
        if let events, !lockedOut, let device = environment.biometrics {
            (status, started) = device.statusStartingVerification(events: events)
        } else {
            status = environment.biometrics?.status() ?? .unavailable(reason: tr("no fingerprint reader is set up"))
        }
        var type = LABiometryType.none
        var enrollment: Data?
        let biometricResult: Result<Void, LAError>
        switch status {
        case .ready(let digest):
            type = .touchID
            enrollment = digest
            biometricResult = lockedOut ? .failure(LAError(.biometryLockout)) : .success(())
        case .notEnrolled:
            type = .touchID
            biometricResult = .failure(LAError(.biometryNotEnrolled))
        case .unavailable(let reason):
            biometricResult = .failure(
                LAError(
                    .biometryNotAvailable,
                    "Authentication could not start because no fingerprint reader is available (\(reason)).")
            )
        }
        let usable = (try? biometricResult.get()) != nil
        var result = biometricResult
        if policy == .deviceOwnerAuthentication, !usable {
            result = environment.ownerPasswordMethod == nil ? .failure(LAError(.passcodeNotSet)) : .success(())
        }
        if !usable, case .success(let session)? = started {
            session.stop()
            started = nil
        }
        return Check(
            result: result, biometryType: type, enrollment: enrollment, biometryUsable: usable, lockedOut: lockedOut,
            started: usable ? started : nil)
    }
}
