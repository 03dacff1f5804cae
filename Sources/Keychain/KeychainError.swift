import Localization

/// Keychain failures. "Not found" is nil, never an error.
public enum KeychainError: Error, Sendable, Equatable {
    /// The backend could not be reached or refused (daemon gone, file unreadable…).
    case backend(String)
    /// The vault file is damaged, or the key or passcode does not open it.
    case cannotOpenVault(String)
    /// The item needs an `LAContext` that has just evaluated successfully.
    case authenticationRequired(String)
    /// The item is bound to the enrolled fingers, which have changed since it was stored.
    case biometryChanged
    /// The item is readable only while the app is unlocked, and it is locked.
    case appLocked
    /// The item (or the vault it would make) is larger than the file vault's limit.
    case tooLarge(String)

    /// Whether the input was at fault (too large), not the keychain.
    public var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}

extension KeychainError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .backend(let m): tr("keychain unavailable: %@", m)
        case .cannotOpenVault(let m): tr("cannot open the keychain vault: %@", m)
        case .authenticationRequired(let m): tr("authentication required: %@", m)
        case .biometryChanged: tr("the enrolled fingerprints changed since this item was stored; use your password")
        case .appLocked: tr("the app is locked")
        case .tooLarge(let m): tr("too large for the keychain: %@", m)
        }
    }
}
