import Foundation
import Keychain

extension KeychainChooser {
    /// The automatic choice for one store: the Secret Service when it answers, except that a
    /// store whose key items are in its file vault and not in the Secret Service (it was made
    /// or locked where no keyring answered, e.g. over SSH) keeps using the vault, so the same
    /// data opens in every kind of session.
    /// - Parameters:
    ///   - choice: What `choose(.auto, …)` gave.
    ///   - ownsKey: Whether a set of item names holds this store's key items, and in the file
    ///     vault (one per data directory) also the unnamed ones of earlier versions.
    public static func following(
        _ choice: Choice, vaultDirectory: String, ownsKey: (Set<String>, _ inVault: Bool) -> Bool
    ) -> Choice {
        let path = vaultDirectory + "/keychain.vault"
        guard !(choice.backend is FileVault), FileManager.default.fileExists(atPath: path),
            let here = try? choice.backend.keys(service: KeychainWrapper.defaultServiceName), !ownsKey(here, false)
        else { return choice }
        let vault = FileVault(path: path, keySource: .keyFile(vaultDirectory + "/keychain.key"))
        guard let there = try? vault.keys(service: KeychainWrapper.defaultServiceName), ownsKey(there, true) else {
            return choice
        }
        return Choice(
            backend: vault,
            reason:
                "this store's data key is in its file vault (made where no Secret Service answered); 'checklists keychain use secret-service' moves it"
        )
    }
}
