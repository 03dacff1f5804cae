import DBus
import Foundation
import Keychain
import Localization

/// Picks the keychain backend: the Secret Service when a session keyring answers on D-Bus and
/// is unlocked (checked with short timeouts, so nothing can trigger a prompt that cannot show),
/// otherwise the encrypted file vault.
///
/// Every step is bounded: the probe's connection gives up after
/// `DBusConnection.connectTimeout` seconds on a bus that accepts but never answers, and
/// libsecret is connected (within the same deadline) before the Secret Service is chosen, so
/// its blocking calls never have to connect themselves.
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
        /// A one-line notice for the user when the bus did not answer (e.g. "the session bus
        /// did not answer within 2 s; using the file vault"), else nil.
        public var notice: String? = nil
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
            return Choice(
                backend: vault, reason: tr("the file vault was chosen (--keychain file or the Keychain setting)"))
        case .secretService:
            if let problem = probe().problem {
                throw KeychainError.backend(tr("no usable Secret Service: %@", problem))
            }
            return Choice(backend: SecretServiceKeychain(), reason: tr("the Secret Service was chosen and answers"))
        case .auto:
            let probe = probe()
            if let problem = probe.problem {
                return Choice(
                    backend: vault, reason: tr("no usable Secret Service (%@), so the file vault", problem),
                    notice: probe.isSilent ? tr("%@; using the file vault", problem) : nil)
            }
            return Choice(
                backend: SecretServiceKeychain(), reason: tr("a session keyring answers on D-Bus and is unlocked"))
        }
    }

    /// Why the Secret Service cannot be used now, or nil when it can.
    public static func secretServiceProblem() -> String? {
        probe().problem
    }

    /// What the probe found.
    private struct Probe {
        /// Why the Secret Service cannot be used, or nil.
        var problem: String?
        /// Whether that is because a bus did not answer in time.
        var isSilent = false
    }

    /// Asks the session bus whether a keyring daemon owns the Secret Service name and its default
    /// collection is unlocked, then connects libsecret.
    private static func probe() -> Probe {
        let bus: DBusConnection
        do { bus = try DBusConnection(bus: .session) } catch {
            return Probe(problem: error.description, isSilent: error.isSilentBus)
        }
        defer { bus.close() }
        do {
            let owner = try bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "NameHasOwner", arguments: [.string("org.freedesktop.secrets")], timeout: 1)
            guard owner.first?.bool == true else {
                return Probe(problem: "no keyring daemon owns org.freedesktop.secrets")
            }
            let locked = try bus.property(
                destination: "org.freedesktop.secrets", path: "/org/freedesktop/secrets/aliases/default",
                interface: "org.freedesktop.Secret.Collection", name: "Locked")
            if locked.bool != false { return Probe(problem: "the default keyring is locked") }
        } catch {
            return Probe(problem: error.description, isSilent: error == .timeout)
        }
        if let problem = SecretServiceConnection.prepare() { return Probe(problem: problem, isSilent: true) }
        return Probe()
    }
}
