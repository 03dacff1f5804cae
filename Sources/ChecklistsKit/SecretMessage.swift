import Foundation
import Keychain

/// The one secret message of the Touch ID tutorial: kept in the keychain under
/// "SecretMessage", shown only after authentication, saved and hidden again whenever the app
/// resigns active.
public final class SecretMessage: @unchecked Sendable {
    /// The keychain key, the same as the tutorial's (so seed-style code sees the same data).
    public static let key = "SecretMessage"
    /// The heading while hidden.
    public static let hiddenTitle = "Nothing to see here"
    /// The heading while shown.
    public static let shownTitle = "Secret stuff!"

    private let keychain: KeychainWrapper
    private let lock = NSLock()
    private var shownText: String?

    public init(keychain: KeychainWrapper) {
        self.keychain = keychain
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
    public func unlock() throws(KeychainError) {
        let data = try keychain.read(forKey: Self.key, context: nil)
        lock.withLock { shownText = data.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    /// Saves the shown text to the keychain and hides it (on resign active). Does nothing
    /// while hidden, so a hidden message is never overwritten.
    public func saveAndHide() throws(KeychainError) {
        guard let text = lock.withLock({ shownText }) else { return }
        try keychain.store(Data(text.utf8), forKey: Self.key, accessibility: .whenUnlocked)
        lock.withLock { shownText = nil }
    }

    /// Hides the message without saving.
    public func hide() {
        lock.withLock { shownText = nil }
    }

    /// Replaces the stored message (after authentication).
    public func replace(with text: String) throws(KeychainError) {
        try keychain.store(Data(text.utf8), forKey: Self.key, accessibility: .whenUnlocked)
    }

    /// Removes the stored message; false when there was none.
    @discardableResult
    public func clear() throws(KeychainError) -> Bool {
        try keychain.backend.delete(service: keychain.serviceName, key: Self.key)
    }
}
