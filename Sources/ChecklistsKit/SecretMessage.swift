import Foundation
import Keychain

/// The one secret message of the Touch ID tutorial, shown only after authentication, saved
/// and hidden again whenever the app resigns active.
///
/// Where it lives follows the data key's custody. App lock off: the keychain item
/// "SecretMessage" (as in the tutorial), behind a presence check each showing — that protects
/// the screen only, since the keychain opens without it. App lock on: sealed under the data key
/// inside the store, so reading it needs the unlocked data key, exactly like the lists.
public final class SecretMessage: @unchecked Sendable {
    /// The keychain key, the same as the tutorial's (so seed-style code sees the same data).
    public static let key = "SecretMessage"
    /// The heading while hidden.
    public static let hiddenTitle = "Nothing to see here"
    /// The heading while shown.
    public static let shownTitle = "Secret stuff!"

    private let keychain: KeychainWrapper
    /// The unlocked store when the app lock is on; nil with the lock off.
    private let store: ChecklistStore?
    private let lock = NSLock()
    private var shownText: String?

    /// - Parameter store: With the app lock on, the unlocked store that seals the message.
    public init(keychain: KeychainWrapper, store: ChecklistStore? = nil) {
        self.keychain = keychain
        self.store = store
    }

    /// "Nothing to see here" or "Secret stuff!".
    public var title: String { isShown ? Self.shownTitle : Self.hiddenTitle }

    /// Whether the message is showing (after `unlock`).
    public var isShown: Bool { lock.withLock { shownText != nil } }

    /// The text being shown and edited, or nil while hidden.
    public var text: String? {
        get { lock.withLock { shownText } }
        set { lock.withLock { if shownText != nil { shownText = newValue ?? "" } } }
    }

    /// Shows the message; call after a successful authentication.
    public func unlock() throws {
        let stored = try storedText()
        lock.withLock { shownText = stored ?? "" }
    }

    /// The stored message, or nil when there is none.
    public func storedText() throws -> String? {
        if let store { return try store.sealedSecret() }
        return try keychain.read(forKey: Self.key, context: nil).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Saves the shown text and hides it (on resign active). Does nothing while hidden, so a
    /// hidden message is never overwritten.
    public func saveAndHide() throws {
        guard let text = lock.withLock({ shownText }) else { return }
        try replace(with: text)
        lock.withLock { shownText = nil }
    }

    /// Hides the message without saving.
    public func hide() {
        lock.withLock { shownText = nil }
    }

    /// Replaces the stored message (after authentication).
    public func replace(with text: String) throws {
        if let store { return try store.setSealedSecret(text) }
        try keychain.store(Data(text.utf8), forKey: Self.key, accessibility: .whenUnlocked)
    }

    /// Removes the stored message; false when there was none.
    @discardableResult
    public func clear() throws -> Bool {
        if let store {
            let had = try store.sealedSecret() != nil
            try store.setSealedSecret(nil)
            return had
        }
        return try keychain.backend.delete(service: keychain.serviceName, key: Self.key)
    }

    // MARK: - Moving with the lock

    /// Seals a keychain message into `store` (turning the lock on, or finishing that after a
    /// crash). Copies and reads back first; the keychain copy goes only once the store has it.
    /// Call after the lock setting is on; before that, call `copyIntoStore` alone.
    public static func moveIntoStore(_ store: ChecklistStore, from keychain: KeychainWrapper) throws {
        try copyIntoStore(store, from: keychain)
        _ = try keychain.backend.delete(service: keychain.serviceName, key: key)
    }

    /// Copies a keychain message into `store`, verified; the keychain copy stays.
    public static func copyIntoStore(_ store: ChecklistStore, from keychain: KeychainWrapper) throws {
        guard let record = try keychain.backend.read(service: keychain.serviceName, key: key) else { return }
        let text = String(decoding: record.data, as: UTF8.self)
        try store.setSealedSecret(text)
        guard try store.sealedSecret() == text else { throw StoreError.undecryptable(table: "settings", id: 0) }
    }

    /// Copies the sealed message back to the keychain, verified (turning the lock off); the
    /// store copy stays until `forgetSealed`.
    public static func copyToKeychain(from store: ChecklistStore, _ keychain: KeychainWrapper) throws {
        guard let text = try store.sealedSecret() else { return }
        try keychain.backend.write(
            KeychainRecord(data: Data(text.utf8), accessibility: .whenUnlocked), service: keychain.serviceName, key: key
        )
        guard try keychain.backend.read(service: keychain.serviceName, key: key)?.data == Data(text.utf8) else {
            throw KeychainError.backend("the \(keychain.backend.name) did not keep the secret message")
        }
    }

    /// Removes the sealed copy (after the lock is off and the keychain has the message).
    public static func forgetSealed(in store: ChecklistStore) throws {
        try store.setSealedSecret(nil)
    }
}
