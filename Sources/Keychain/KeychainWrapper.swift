import Foundation
import LocalAuthentication
import PrivateFiles
import Synchronization

/// SwiftKeychainWrapper's API on Linux: values stored per service name in a `KeychainBackend`
/// (Secret Service or the file vault), with accessibility and access control.
///
/// Seed-style code works unchanged: `KeychainWrapper.standard.set(text, forKey: "SecretMessage")`.
open class KeychainWrapper: @unchecked Sendable {
    /// The service name of `standard`.
    public static let defaultServiceName = "Checklists"

    /// The wrapper for the default service on the default backend.
    public static var standard: KeychainWrapper { KeychainWrapper(serviceName: defaultServiceName) }

    /// SwiftKeychainWrapper 2.x's name for `standard`.
    public static func standardKeychainAccess() -> KeychainWrapper { standard }

    /// The backend of `standard` and of wrappers made without one: a thin facade for
    /// tutorial-shaped code, which may set it once (an app passes its backend to each wrapper
    /// instead). Until set, a file vault under `~/.local/share/checklists`.
    public static var defaultBackend: any KeychainBackend {
        get { configuration.withLock { $0.backend } }
        set { configuration.withLock { $0.backend = newValue } }
    }

    /// Whether the app is unlocked, for `whenUnlocked` items of wrappers made without their
    /// own `appUnlocked` (the facade's default: always). An app passes its own per wrapper.
    public static var isAppUnlocked: @Sendable () -> Bool {
        get { configuration.withLock { $0.appUnlocked } }
        set { configuration.withLock { $0.appUnlocked = newValue } }
    }

    /// Items are grouped by this name (a Secret Service attribute; a section of the vault).
    public private(set) var serviceName: String
    /// Kept for source compatibility; Linux has no access groups.
    public private(set) var accessGroup: String?
    /// Where the items live.
    public let backend: any KeychainBackend
    /// Whether the app is unlocked now, for `whenUnlocked` items.
    public let appUnlocked: @Sendable () -> Bool

    /// A wrapper for `serviceName` on the default backend.
    public convenience init(serviceName: String, accessGroup: String? = nil) {
        self.init(serviceName: serviceName, accessGroup: accessGroup, backend: Self.defaultBackend)
    }

    /// A wrapper for `serviceName` on `backend`.
    /// - Parameter appUnlocked: Whether the app is unlocked now (`whenUnlocked` items are
    ///   readable only then); nil asks `KeychainWrapper.isAppUnlocked`.
    public init(
        serviceName: String, accessGroup: String? = nil, backend: any KeychainBackend,
        appUnlocked: (@Sendable () -> Bool)? = nil
    ) {
        self.serviceName = serviceName
        self.accessGroup = accessGroup
        self.backend = backend
        self.appUnlocked = appUnlocked ?? { KeychainWrapper.isAppUnlocked() }
    }

    // MARK: - Setters (true on success)

    @discardableResult
    open func set(
        _ value: String, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        set(Data(value.utf8), forKey: key, withAccessibility: accessibility)
    }

    @discardableResult
    open func set(
        _ value: Int, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        set(String(value), forKey: key, withAccessibility: accessibility)
    }

    @discardableResult
    open func set(
        _ value: Double, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        set(String(value), forKey: key, withAccessibility: accessibility)
    }

    @discardableResult
    open func set(
        _ value: Bool, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        set(value ? "true" : "false", forKey: key, withAccessibility: accessibility)
    }

    @discardableResult
    open func set(
        _ value: Data, forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        (try? store(value, forKey: key, accessibility: accessibility ?? .whenUnlocked)) != nil
    }

    /// SwiftKeychainWrapper 2.x's name for `set(_:forKey:)`.
    @discardableResult
    open func setString(_ value: String, forKey key: String) -> Bool { set(value, forKey: key) }

    // MARK: - Getters (nil when missing or not readable now)

    open func string(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> String? {
        data(forKey: key).flatMap { String(data: $0, encoding: .utf8) }
    }

    open func integer(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Int? {
        string(forKey: key).flatMap { Int($0) }
    }

    open func double(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Double? {
        string(forKey: key).flatMap { Double($0) }
    }

    open func bool(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool? {
        string(forKey: key).flatMap { Bool($0) }
    }

    open func data(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Data? {
        try? read(forKey: key, context: nil)
    }

    // MARK: - Keys

    open func hasValue(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        ((try? backend.read(service: serviceName, key: key)) ?? nil) != nil
    }

    open func accessibilityOfKey(_ key: String) -> KeychainItemAccessibility? {
        (try? backend.read(service: serviceName, key: key))??.accessibility
    }

    @discardableResult
    open func removeObject(
        forKey key: String, withAccessibility accessibility: KeychainItemAccessibility? = nil,
        isSynchronizable: Bool = false
    ) -> Bool {
        (try? backend.delete(service: serviceName, key: key)) ?? false
    }

    /// The keys of this service only.
    open func allKeys() -> Set<String> {
        (try? backend.keys(service: serviceName)) ?? []
    }

    /// Removes every item of this service (never other services' items).
    @discardableResult
    open func removeAllKeys() -> Bool {
        guard let keys = try? backend.keys(service: serviceName) else { return false }
        return keys.allSatisfy { (try? backend.delete(service: serviceName, key: $0)) != nil }
    }

    // MARK: - Throwing API with access control

    /// Stores `value` under `key`.
    /// - Parameters:
    ///   - accessControl: Who must be present to read it back.
    ///   - context: For `.biometryCurrentSet`, a context that evaluated with a fingerprint
    ///     (its `evaluatedPolicyDomainState` is recorded).
    /// - Throws: `KeychainError`.
    open func store(
        _ value: Data, forKey key: String, accessibility: KeychainItemAccessibility = .whenUnlocked,
        accessControl: KeychainAccessControl = [], context: LAContext? = nil
    ) throws(KeychainError) {
        var record = KeychainRecord(data: value, accessibility: accessibility, accessControl: accessControl)
        if accessControl.contains(.biometryCurrentSet) {
            guard let state = context?.lastSuccess?.enrollment ?? context?.evaluatedPolicyDomainState else {
                throw KeychainError.authenticationRequired(
                    "an item bound to the enrolled fingers needs a context that knows them")
            }
            record.domainState = state
        }
        try backend.write(record, service: serviceName, key: key)
    }

    /// Reads `key`; access-controlled items need `context` to have just evaluated successfully.
    /// - Returns: nil when there is no such item.
    /// - Throws: `KeychainError` when the item exists but may not be read now.
    open func read(forKey key: String, context: LAContext?) throws(KeychainError) -> Data? {
        guard let record = try backend.read(service: serviceName, key: key) else { return nil }
        return try value(of: record, context: context)
    }

    /// The value of `record` under the rules `read(forKey:context:)` applies, for an item the
    /// app keeps outside the backend (sealed in its store while the app lock is on).
    /// - Throws: `KeychainError` when the item may not be read now.
    open func value(of record: KeychainRecord, context: LAContext?) throws(KeychainError) -> Data {
        try Self.authorize(record, context: context, appUnlocked: appUnlocked)
        return record.data
    }
}

// MARK: - Access control

extension KeychainWrapper {
    /// How long after a successful evaluation a context still opens items (at least 10 s, or
    /// the context's reuse window).
    static let freshness: TimeInterval = 10

    /// - Parameter appUnlocked: Asked only for `whenUnlocked` items: an app's answer may cost a
    ///   look at its settings (a second database connection), which the data key's own read
    ///   (`afterFirstUnlock`) never needs.
    static func authorize(_ record: KeychainRecord, context: LAContext?, appUnlocked: () -> Bool) throws(KeychainError)
    {
        if record.accessibility.needsUnlockedApp && !appUnlocked() { throw KeychainError.appLocked }
        let control = record.accessControl
        guard !control.isEmpty else { return }
        guard let context, let success = context.lastSuccess,
            Date().timeIntervalSince(success.date)
                <= max(freshness, context.touchIDAuthenticationAllowableReuseDuration)
        else {
            throw KeychainError.authenticationRequired("this item needs a successful authentication first")
        }
        if !control.isDisjoint(with: [.biometryAny, .biometryCurrentSet]) && !control.contains(.userPresence) {
            guard success.biometric else { throw KeychainError.authenticationRequired("this item needs a fingerprint") }
        }
        if control.contains(.biometryCurrentSet) && success.biometric && record.domainState != success.enrollment {
            throw KeychainError.biometryChanged
        }
        if control.contains(.devicePasscode) && !control.contains(.userPresence) && success.biometric {
            throw KeychainError.authenticationRequired("this item needs your password")
        }
    }

    fileprivate struct Configuration {
        var backend: any KeychainBackend
        var appUnlocked: @Sendable () -> Bool
    }

    fileprivate static let configuration = Mutex<Configuration>(
        Configuration(
            backend: FileVault(
                path: KeychainPaths.defaultDirectory() + "/keychain.vault",
                keySource: .keyFile(KeychainPaths.defaultDirectory() + "/keychain.key")),
            appUnlocked: { true }))
}

/// Default locations of the file vault.
public enum KeychainPaths {
    /// The data directory for `environment` (given, never read here): `CHECKLISTS_HOME`, else
    /// `XDG_DATA_HOME/checklists`, else `~/.local/share/checklists` with the app's rule for `~`
    /// (`UserHome`: an absolute `HOME`, else the account's home from the password database).
    public static func defaultDirectory(environment env: [String: String] = [:]) -> String {
        if let home = env["CHECKLISTS_HOME"], !home.isEmpty { return home }
        if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/checklists" }
        return UserHome.directory(environment: env) + "/.local/share/checklists"
    }
}
