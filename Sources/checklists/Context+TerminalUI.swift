import Arguments
import ChecklistsApp
import LocalAuthentication

extension Context {
    /// The session configuration for the terminal UI: as for a command, with the UI's presenter
    /// (its prompts are drawn on the lock screen) and `--home`/`--keychain` applied.
    static func configuration(
        _ arguments: ParsedArguments, _ environment: [String: String], _ presenter: any AuthenticationPresenter
    ) -> AppSession.Configuration {
        var configuration = AppSession.Configuration.live(
            home: arguments["--home"].flatMap { $0.isEmpty ? nil : $0 }, environment: environment,
            presenter: presenter)
        configuration.keychainPreference = arguments["--keychain"]
        configuration.passcodes = PresenterPasscodeEntry(presenter: presenter)
        return configuration
    }
}
