import Foundation

/// What an evaluation must prove (Apple's `LAPolicy`, same raw values).
public enum LAPolicy: Int, Sendable, CaseIterable {
    /// A fingerprint only (fprintd). The app may offer its own fallback.
    case deviceOwnerAuthenticationWithBiometrics = 1
    /// A fingerprint, falling back to the device-owner password (account password or app passcode).
    case deviceOwnerAuthentication = 2
}

/// The kind of biometric sensor (Apple's `LABiometryType`, same raw values).
public enum LABiometryType: Int, Sendable {
    case none = 0
    /// A fingerprint reader, as on Linux through fprintd.
    case touchID = 1
    case faceID = 2
    case opticID = 4
}

/// The longest reuse window a context accepts, in seconds (Apple's constant).
public let LATouchIDAuthenticationMaximumAllowableReuseDuration: TimeInterval = 300

/// The error domain of `LAError` as an `NSError`.
public let LAErrorDomain = "com.apple.LocalAuthentication"

#if !canImport(Darwin)
    /// Where `canEvaluatePolicy(_:error:)` stores its error; pass `&error` or nil, as on Apple.
    public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
#endif
