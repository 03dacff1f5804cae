import Foundation
import Synchronization

/// The backends `LAContext` evaluates with: fingerprint reader, account password, app passcode,
/// presenter and persisted state. `LAContext()` uses `LAEnvironment.shared`, the live backends
/// unless the app assigned others; tests pass their own to `LAContext(environment:)`.
public struct LAEnvironment: Sendable {
    /// The fingerprint reader, or nil when none is wired.
    public var biometrics: (any BiometricDevice)?
    /// The account password check (PAM), or nil.
    public var accountPassword: (any AccountPasswordVerifier)?
    /// The app passcode; when one is set it is asked for instead of the account password.
    public var passcode: AppPasscode?
    /// Who asks the user.
    public var presenter: any AuthenticationPresenter
    /// Failure counters that survive restarts.
    public var state: AuthenticationState
    /// The per-session record of the last success.
    public var reuse: ReuseStamp
    /// How long to wait for a finger before giving up.
    public var fingerTimeout: TimeInterval = 30
    /// Password attempts within one evaluation.
    public var passwordAttempts = 3
    /// Where session-lock and suspend events reach evaluations.
    public var systemEvents = LASystemEvents.shared
    /// The wall clock (for back-off); replaceable in tests.
    public var now: @Sendable () -> Date = { Date() }

    public init(
        biometrics: (any BiometricDevice)? = nil, accountPassword: (any AccountPasswordVerifier)? = nil,
        passcode: AppPasscode? = nil, presenter: any AuthenticationPresenter = NonInteractivePresenter(),
        stateDirectory: String, runtimeDirectory: String? = nil
    ) {
        self.biometrics = biometrics
        self.accountPassword = accountPassword
        self.passcode = passcode
        self.presenter = presenter
        state = AuthenticationState(path: stateDirectory + "/auth-state.json")
        reuse = ReuseStamp(directory: runtimeDirectory ?? stateDirectory)
    }

    /// The environment `LAContext()` uses. Unless something was assigned, it is `live()`, built
    /// on first use, so `LAContext()` works with no setup, as on Apple. An app that has its own
    /// passcode or state directory may assign `live(passcode:stateDirectory:runtimeDirectory:)`
    /// once at startup, before making contexts.
    public static var shared: LAEnvironment {
        get {
            sharedStorage.withLock { stored in
                if let stored { return stored }
                let live = LAEnvironment.live()
                stored = live
                return live
            }
        }
        set { sharedStorage.withLock { $0 = newValue } }
    }

    private static let sharedStorage = Mutex<LAEnvironment?>(nil)

    /// Ends every evaluation in progress with `systemCancel` (session locked, system suspending).
    public static func cancelEvaluationsForSystemEvent() {
        LASystemEvents.shared.cancelEvaluations()
    }

    /// Which device-owner password applies: the app passcode when set, else the account password.
    public var ownerPasswordMethod: OwnerPasswordMethod? {
        if let passcode, passcode.isSet { return .passcode(passcode) }
        if let accountPassword, case .success = accountPassword.availability() { return .account(accountPassword) }
        return nil
    }
}

/// The device-owner password in use.
public enum OwnerPasswordMethod: Sendable {
    case passcode(AppPasscode)
    case account(any AccountPasswordVerifier)

    /// What the prompt asks for.
    public var label: String {
        switch self {
        case .passcode: "Checklists passcode"
        case .account(let verifier): "Password for \(verifier.userName)"
        }
    }

    func verify(_ password: [UInt8]) -> PasswordCheck {
        switch self {
        case .passcode(let passcode): passcode.verify(password) ? .accepted : .rejected
        case .account(let verifier): verifier.verify(password: password)
        }
    }
}
