// Code in the shape of the tutorials' view controllers (seeds 000 and 001), in today's Swift
// spellings, with only the UIKit lines removed (labels and alerts became plain properties).
// It must compile unchanged against Apple's LocalAuthentication and against ours.
import Foundation
import LocalAuthentication

final class SecretMessageScreen {
    var title = "Nothing to see here"
    var alertTitle: String?
    var alertMessage: String?
    var onFinish: (() -> Void)?

    func authenticateTapped() {
        let context = LAContext()
        var error: NSError?

        if context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) {
            let reason = "Identify yourself!"

            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: reason) {
                [unowned self] success, authenticationError in
                if success {
                    self.unlockSecretMessage()
                } else {
                    self.alertTitle = "Authentication failed"
                    self.alertMessage = self.message(for: authenticationError)
                }
                self.onFinish?()
            }
        } else {
            var errorMessage: String = ""
            if let error = error {
                switch error.code {
                case LAError.authenticationFailed.rawValue:
                    errorMessage =
                        "Authentication failed because the fingerprint does not match up with those enrolled."
                case LAError.passcodeNotSet.rawValue:
                    errorMessage = "Passcode not set"
                case LAError.systemCancel.rawValue:
                    errorMessage = "Authentication was canceled by system"
                case LAError.userCancel.rawValue:
                    errorMessage = "Authentication was canceled by the user"
                case LAError.touchIDNotEnrolled.rawValue:
                    errorMessage = "Authentication could not start because Touch ID has no enrolled fingers."
                case LAError.touchIDNotAvailable.rawValue:
                    errorMessage = "Authentication could not start because Touch ID is not available."
                case LAError.userFallback.rawValue:
                    errorMessage = "User tapped the fallback button (Enter Password)."
                default:
                    errorMessage = error.localizedDescription
                }
            }
            alertTitle = "Touch ID not available"
            alertMessage = errorMessage
            onFinish?()
        }
    }

    func unlockSecretMessage() {
        title = "Secret stuff!"
    }

    /// The notes tutorial's switch on the reply's error (seed 000), in today's spelling.
    func message(for evalPolicyError: Error?) -> String {
        guard let error = evalPolicyError else { return "" }
        if (error as? LAError)?.code == .userCancel { return "Authentication was cancelled by the user" }
        switch (error as NSError).code {
        case LAError.systemCancel.rawValue:
            return "Authentication was cancelled by the system"
        case LAError.userFallback.rawValue:
            return "User selected to enter custom password"
        default:
            do {
                throw error
            } catch let e as LAError {
                return e.localizedDescription
            } catch {
                return "Authentication failed"
            }
        }
    }
}
