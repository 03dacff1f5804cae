import Foundation
import Localization

/// An authentication failure, with Apple's codes (`LAError`).
///
/// Throws and replies carry this type, so `catch let e as LAError`, `(error as? LAError)?.code`
/// and `(error as NSError).code == LAError.userCancel.rawValue` all work as on Apple.
public struct LAError: Error, CustomNSError, Sendable, Equatable {
    /// The failure's code.
    public let code: Code
    /// What happened, in words the user can act on.
    public let message: String

    public init(_ code: Code, _ message: String? = nil) {
        self.code = code
        self.message = message ?? code.defaultMessage
    }

    /// Apple's `LAError.Code`, with the same raw values.
    public enum Code: Int, Sendable, CaseIterable {
        case authenticationFailed = -1
        case userCancel = -2
        case userFallback = -3
        case systemCancel = -4
        case passcodeNotSet = -5
        case biometryNotAvailable = -6
        case biometryNotEnrolled = -7
        case biometryLockout = -8
        case appCancel = -9
        case invalidContext = -10
        case biometryNotPaired = -12
        case biometryDisconnected = -13
        case invalidDimensions = -14
        case notInteractive = -1004

        public static var touchIDNotAvailable: Code { .biometryNotAvailable }
        public static var touchIDNotEnrolled: Code { .biometryNotEnrolled }
        public static var touchIDLockout: Code { .biometryLockout }

        /// Apple's name for the code ("userCancel").
        public var name: String {
            switch self {
            case .authenticationFailed: "authenticationFailed"
            case .userCancel: "userCancel"
            case .userFallback: "userFallback"
            case .systemCancel: "systemCancel"
            case .passcodeNotSet: "passcodeNotSet"
            case .biometryNotAvailable: "biometryNotAvailable"
            case .biometryNotEnrolled: "biometryNotEnrolled"
            case .biometryLockout: "biometryLockout"
            case .appCancel: "appCancel"
            case .invalidContext: "invalidContext"
            case .biometryNotPaired: "biometryNotPaired"
            case .biometryDisconnected: "biometryDisconnected"
            case .invalidDimensions: "invalidDimensions"
            case .notInteractive: "notInteractive"
            }
        }

        /// The sentence shown when nothing more specific is known.
        public var defaultMessage: String {
            switch self {
            case .authenticationFailed:
                tr("Authentication failed because the fingerprint does not match up with those enrolled.")
            case .userCancel: tr("Authentication was cancelled.")
            case .userFallback: tr("The user chose to enter a password instead.")
            case .systemCancel: tr("Authentication was cancelled by the system.")
            case .passcodeNotSet: tr("No password or passcode is set up.")
            case .biometryNotAvailable: tr("Authentication could not start because no fingerprint reader is available.")
            case .biometryNotEnrolled: tr("Authentication could not start because no fingers are enrolled.")
            case .biometryLockout: tr("Too many failed attempts: enter your password to unlock fingerprint again.")
            case .appCancel: tr("Authentication was cancelled by the application.")
            case .invalidContext: tr("The authentication context was invalidated.")
            case .biometryNotPaired: tr("No paired fingerprint reader is available.")
            case .biometryDisconnected: tr("The fingerprint reader was disconnected.")
            case .invalidDimensions: tr("Invalid dimensions.")
            case .notInteractive: tr("Authentication needs a terminal to ask on, and there is none.")
            }
        }
    }

    public static var authenticationFailed: Code { .authenticationFailed }
    public static var userCancel: Code { .userCancel }
    public static var userFallback: Code { .userFallback }
    public static var systemCancel: Code { .systemCancel }
    public static var passcodeNotSet: Code { .passcodeNotSet }
    public static var biometryNotAvailable: Code { .biometryNotAvailable }
    public static var biometryNotEnrolled: Code { .biometryNotEnrolled }
    public static var biometryLockout: Code { .biometryLockout }
    public static var appCancel: Code { .appCancel }
    public static var invalidContext: Code { .invalidContext }
    public static var biometryNotPaired: Code { .biometryNotPaired }
    public static var biometryDisconnected: Code { .biometryDisconnected }
    public static var notInteractive: Code { .notInteractive }
    public static var touchIDNotAvailable: Code { .biometryNotAvailable }
    public static var touchIDNotEnrolled: Code { .biometryNotEnrolled }
    public static var touchIDLockout: Code { .biometryLockout }

    // MARK: - CustomNSError

    public static var errorDomain: String { LAErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}

extension LAError: CustomStringConvertible {
    public var description: String { message }
}
