import Foundation
import LocalAuthentication

extension AppSession {
    /// A session on an existing data directory that opens without asking anyone (no prompt,
    /// no notice, no new files): for shell completion and other helpers that must never block.
    /// Nil when the store does not exist or needs an authentication.
    /// - Parameters:
    ///   - home: The data directory (`--home`), else the environment's.
    ///   - keychain: The keychain preference (`--keychain`), if given.
    public static func openWithoutAsking(home: String?, keychain: String?, environment: [String: String])
        -> AppSession?
    {
        let home = home ?? Configuration.home(environment: environment)
        guard FileManager.default.fileExists(atPath: home + "/checklists.sqlite") else { return nil }
        var configuration = Configuration.live(
            home: home, environment: environment, presenter: NonInteractivePresenter())
        configuration.keychainPreference = keychain
        configuration.notice = { _ in }
        configuration.remindersFailed = { _ in }
        let session = AppSession(configuration: configuration)
        guard (try? session.open()) == true else {
            session.close()
            return nil
        }
        return session
    }
}
