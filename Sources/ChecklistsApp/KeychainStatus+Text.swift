import Localization
import SecretServiceKeychain

extension KeychainStatus {
    /// The status in the user's language, one line each, as `keychain status` prints it and a
    /// settings screen can show it.
    /// - Parameter home: The data directory (the file vault's key lies there).
    public func lines(home: String) -> [String] {
        var out = [tr("Keychain: %@ — %@.", backend, reason)]
        if let vaultPath {
            out.append(tr("Vault: %@ (its key: %@/keychain.key)", vaultPath, home))
        } else {
            out.append(
                tr("Items: schema %@, attributes service=%@ key=NAME", SecretServiceKeychain.schemaName, service))
        }
        out.append(
            holdsDataKey
                ? trn("%d item; the data key is here", "%d items; the data key is here", items)
                : trn("%d item; the data key is not here", "%d items; the data key is not here", items))
        return out
    }
}
