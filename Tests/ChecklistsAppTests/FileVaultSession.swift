import ChecklistsApp
import ChecklistsKit
import Keychain
import LocalAuthentication
import TestSupport

/// The session the suites here drive: the file vault in `home`, the account password
/// "account pw" (no PAM), the cheapest passcode cost, prompts answered by `presenter`.
func fileVaultSession(
    home: String, runtime: String, presenter: ScriptedPresenter = ScriptedPresenter(passwords: []),
    biometrics: FakeFingerprintReader? = nil, questions: (any QuestionPresenter)? = nil,
    cache: (any UnlockedKeyCache)? = nil
) -> AppSession {
    let authentication = LAEnvironment(
        biometrics: biometrics, accountPassword: FakePasswordVerifier(password: "account pw"),
        passcode: AppPasscode(path: home + "/passcode", cost: .minimal), presenter: presenter,
        stateDirectory: home, runtimeDirectory: runtime)
    return AppSession(
        configuration: AppSession.Configuration(
            home: home, authentication: authentication, keychainPreference: "file", passcodeCost: .minimal,
            questions: questions, cache: cache))
}

/// The file vault in `home`, read as a copy of the data directory (or seed-style code) would.
func fileVault(home: String) -> KeychainWrapper {
    KeychainWrapper(
        serviceName: KeychainWrapper.defaultServiceName,
        backend: FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key")))
}
