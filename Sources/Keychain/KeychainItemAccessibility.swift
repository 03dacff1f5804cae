/// When an item may be read (SwiftKeychainWrapper's `KeychainItemAccessibility`). On Linux:
/// - `whenUnlocked…`: only while the app is unlocked (app lock off, or unlocked this session);
/// - `afterFirstUnlock…` and `always…`: whenever the keychain backend itself is open;
/// - `…ThisDeviceOnly`: never written to exports or backups made by Checklists.
public enum KeychainItemAccessibility: String, Sendable, CaseIterable, Codable {
    case afterFirstUnlock
    case afterFirstUnlockThisDeviceOnly
    case always
    case alwaysThisDeviceOnly
    case whenPasscodeSetThisDeviceOnly
    case whenUnlocked
    case whenUnlockedThisDeviceOnly

    /// Whether reading requires the app to be unlocked.
    public var needsUnlockedApp: Bool {
        switch self {
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: true
        default: false
        }
    }

    /// Whether the item stays on this machine.
    public var isThisDeviceOnly: Bool { rawValue.hasSuffix("ThisDeviceOnly") }
}

/// Who must be present to read an item (like `SecAccessControlCreateFlags`).
public struct KeychainAccessControl: OptionSet, Sendable, Codable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A fingerprint or the device-owner password.
    public static let userPresence = KeychainAccessControl(rawValue: 1 << 0)
    /// Any enrolled fingerprint.
    public static let biometryAny = KeychainAccessControl(rawValue: 1 << 1)
    /// A fingerprint from the set enrolled when the item was stored; adding or removing a
    /// finger makes the item unreadable.
    public static let biometryCurrentSet = KeychainAccessControl(rawValue: 1 << 3)
    /// The device-owner password (account password or app passcode).
    public static let devicePasscode = KeychainAccessControl(rawValue: 1 << 4)
}
