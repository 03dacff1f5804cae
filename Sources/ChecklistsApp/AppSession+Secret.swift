import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import Localization

/// The tutorial's secret message and its policy.
extension AppSession {
    /// The reason shown when the secret message asks.
    public static var secretReason: String { tr("Identify yourself!") }

    /// The message behind the check its custody needs. App lock on: the message is sealed in
    /// the store, so opening the store (the lock's own unlock, or this session's cached data key)
    /// is the check; a copy left in the keychain (a crash while the lock was turned on or off,
    /// or seed-style code writing it) is sealed in and removed. App lock off: a presence check
    /// every showing, which protects the screen only.
    public func openSecret() throws -> SecretMessage {
        try serialized {
            let keychain = try keychain()
            guard lockSettings.method == .off else {
                let store = try store(reason: Self.secretReason)
                try SecretMessage.moveIntoStore(store, from: keychain)
                return remember(SecretMessage(keychain: keychain, store: store))
            }
            try authenticateForSecret()
            return remember(SecretMessage(keychain: keychain))
        }
    }

    /// Keeps `message` to hide when the session resigns active.
    private func remember(_ message: SecretMessage) -> SecretMessage {
        shownSecret = message
        return message
    }

    /// The tutorial's flow: the fingerprint first; the password when the user asks for it or
    /// when no fingerprint can be used. Inside the reuse window nothing is asked.
    func authenticateForSecret() throws {
        let environment = authentication
        let reuse = TimeInterval(lockSettings.reuseSeconds)
        let biometric = LAContext(environment: environment)
        biometric.touchIDAuthenticationAllowableReuseDuration = reuse
        let outcome = Result { () throws(LAError) in
            try biometric.evaluateNow(.deviceOwnerAuthenticationWithBiometrics, localizedReason: Self.secretReason)
        }
        if case .failure(let error) = outcome {
            let passwordInstead: Set<LAError.Code> = [
                .userFallback, .biometryNotAvailable, .biometryNotEnrolled, .biometryLockout,
            ]
            guard passwordInstead.contains(error.code) else { throw error }
            var passwordOnly = environment
            passwordOnly.biometrics = nil
            let password = LAContext(environment: passwordOnly)
            password.touchIDAuthenticationAllowableReuseDuration = reuse
            try password.evaluateNow(.deviceOwnerAuthentication, localizedReason: Self.secretReason)
        }
    }

    /// Whether `key` names a data-key custody item (any store's, or a legacy one): never shown
    /// or replaced through the keychain commands.
    public static func isCustody(_ key: String) -> Bool {
        KeyItems.isKeyItem(key)
    }
}
