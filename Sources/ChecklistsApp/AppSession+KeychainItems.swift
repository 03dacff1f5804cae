import ChecklistsKit
import Foundation
import Keychain
import Localization

/// Reading and writing one keychain item by name (`keychain get|set|remove`): the data key and
/// the lock's items are refused, the secret message goes through its own check, and every
/// other item needs an unlocked session when the app lock is on.
extension AppSession {
    /// The value of the item `key`; nil when there is none.
    /// - Throws: `AppSessionError.refused` for the data key; `.locked` / `LAError` when the
    ///   session (or the secret's check) cannot be unlocked.
    public func keychainItem(_ key: String) throws -> String? {
        guard !AppSession.isCustody(key) else { throw AppSessionError.refused(tr("The data key is never shown.")) }
        if key == SecretMessage.key { return try openSecret().storedText() }
        _ = try store()
        return try keychain().read(forKey: key, context: nil).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Stores `value` (read only once the session may write; one trailing newline dropped)
    /// under `key`.
    /// - Throws: `AppSessionError.refused` for the data key; `.locked` / `LAError`; what
    ///   `value` throws (nothing is stored then).
    public func setKeychainItem(_ key: String, value: () throws -> Data) throws {
        guard !AppSession.isCustody(key) else { throw AppSessionError.refused(tr("The data key cannot be replaced.")) }
        let message = key == SecretMessage.key ? try openSecret() : nil
        if message == nil { _ = try store() }
        var data = try value()
        if data.last == 10 { data.removeLast() }
        if let message {
            try message.replace(with: String(decoding: data, as: UTF8.self))
        } else {
            try keychain().store(data, forKey: key)
        }
    }

    /// Removes the item `key`; false when there was none.
    /// - Throws: `AppSessionError.refused` for the data key and the lock's items; `.locked` /
    ///   `LAError`.
    public func removeKeychainItem(_ key: String) throws -> Bool {
        guard !key.hasPrefix(KeyItems.dataKey) else {
            throw AppSessionError.refused(tr("DataKey unlocks your lists; removing it would make them unreadable."))
        }
        guard !key.hasPrefix("Lock") else {
            throw AppSessionError.refused(tr("%@ belongs to the app lock; use 'checklists lock disable'.", key))
        }
        if key == SecretMessage.key { return try openSecret().clear() }
        _ = try store()
        return try keychain().backend.delete(service: KeychainWrapper.defaultServiceName, key: key)
    }
}
