import DBus
import Foundation
import Keychain

/// Picks the keychain backend: the Secret Service when a session keyring answers on D-Bus and
/// is unlocked (checked with short timeouts, so nothing can trigger a prompt that cannot show),
/// otherwise the encrypted file vault.
public enum KeychainChooser {
    /// What the user asked for (`--keychain` or the "Keychain" setting).
    public enum Preference: String, Sendable, CaseIterable {
        case auto
        case secretService = "secret-service"
        case file
    }

    /// The backend in use and why.
    public struct Choice: Sendable {
        public let backend: any KeychainBackend
        public let reason: String
    }

    /// Chooses a backend.
    /// - Parameters:
    ///   - preference: auto, or a forced backend.
    ///   - vaultDirectory: Where the file vault (`keychain.vault`, `keychain.key`) lives.
    /// - Throws: `KeychainError.backend` when the Secret Service is forced but not usable.
    public static func choose(_ preference: Preference, vaultDirectory: String) throws(KeychainError) -> Choice {
        let vault = FileVault(
            path: vaultDirectory + "/keychain.vault", keySource: .keyFile(vaultDirectory + "/keychain.key"))
        switch preference {
        case .file:
            return Choice(backend: vault, reason: "the file vault was chosen (--keychain file or the Keychain setting)")
        case .secretService:
            if let problem = secretServiceProblem() {
                throw KeychainError.backend("no usable Secret Service: \(problem)")
            }
            return Choice(backend: SecretServiceKeychain(), reason: "the Secret Service was chosen and answers")
        case .auto:
            if let problem = secretServiceProblem() {
                return Choice(backend: vault, reason: "no usable Secret Service (\(problem)), so the file vault")
            }
            return Choice(
                backend: SecretServiceKeychain(), reason: "a session keyring answers on D-Bus and is unlocked")
        }
    }

    /// Why the Secret Service cannot be used now, or nil when it can.
    public static func secretServiceProblem() -> String? {
        let bus: DBusConnection
        do { bus = try DBusConnection(bus: .session) } catch { return "\(error)" }
        defer { bus.close() }
        do {
            let owner = try bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "NameHasOwner", arguments: [.string("org.freedesktop.secrets")], timeout: 1)
            guard owner.first?.bool == true else { return "no keyring daemon owns org.freedesktop.secrets" }
            let locked = try bus.property(
                destination: "org.freedesktop.secrets", path: "/org/freedesktop/secrets/aliases/default",
                interface: "org.freedesktop.Secret.Collection", name: "Locked")
            if locked.bool != false { return "the default keyring is locked" }
            return nil
        } catch {
            return "\(error)"
        }
    }
}
