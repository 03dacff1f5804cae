import ChecklistsKit
import Keychain
import SecretServiceKeychain

/// Which keychain holds the app's items and whether the data key is among them
/// (`checklists keychain status`; a settings screen shows the same).
public struct KeychainStatus: Codable, Sendable, Equatable {
    /// The backend's name and why it was chosen.
    public let backend: String
    public let reason: String
    /// The service the items are stored under.
    public let service: String
    public let items: Int
    public let holdsDataKey: Bool
    /// The file vault's path when the vault is the backend (not part of the JSON shape).
    public var vaultPath: String? = nil

    enum CodingKeys: String, CodingKey { case backend, reason, service, items, holdsDataKey }
}

extension AppSession {
    /// The keychain in use and what it holds (no key needed; item values are not read).
    /// - Throws: `KeychainError.backend` when the chosen keychain cannot be used.
    public func keychainStatus() throws -> KeychainStatus {
        let choice = try keychainChoice()
        let service = KeychainWrapper.defaultServiceName
        let keys = (try? choice.backend.keys(service: service)) ?? []
        return KeychainStatus(
            backend: choice.backend.name, reason: choice.reason, service: service, items: keys.count,
            holdsDataKey: keys.contains(keyItems().name(KeyItems.dataKey)),
            vaultPath: (choice.backend as? FileVault)?.path)
    }
}
