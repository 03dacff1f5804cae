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
    }

    /// Works out whether `policy` can be evaluated with `environment`'s backends.
    static func check(_ policy: LAPolicy, _ environment: LAEnvironment) -> Check {
        let status = environment.biometrics?.status() ?? .unavailable(reason: tr("no fingerprint reader is set up"))
        let lockedOut = environment.state.read().biometryLockedOut
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
        return Check(
            result: result, biometryType: type, enrollment: enrollment, biometryUsable: usable, lockedOut: lockedOut)
    }
}
