import Localization

/// Shows authentication prompts. Linux has no system dialog, so each interface brings its own:
/// the terminal one, the terminal UI's, or `NonInteractivePresenter` for scripts.
public protocol AuthenticationPresenter: Sendable {
    /// Whether a person can be asked right now; false makes evaluations fail with `notInteractive`.
    var canPrompt: Bool { get }

    /// Shows the fingerprint prompt and starts listening for the user's keys, sending
    /// `.cancel` or `.fallback` to `actions` until `endFingerprintPrompt()`.
    func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void)

    /// Updates the fingerprint prompt: a retry hint, "Not recognised", or the fallback becoming available.
    func updateFingerprintPrompt(_ update: FingerprintPromptUpdate)

    /// Hides the fingerprint prompt and stops listening for keys.
    func endFingerprintPrompt()

    /// Asks for a password without echo; nil when the user cancels. Blocks until answered.
    func askPassword(_ prompt: PasswordPrompt) -> [UInt8]?

    /// Shows a one-line notice (e.g. a lockout explanation).
    func notify(_ message: String)
}

/// The fingerprint prompt's text.
public struct FingerprintPrompt: Sendable, Equatable {
    /// Why the app asks (`localizedReason`).
    public var reason: String
    /// The cancel action's title ("Cancel" unless `localizedCancelTitle` says otherwise).
    public var cancelTitle: String
    /// The fallback's title, or nil when the fallback is hidden.
    public var fallbackTitle: String?
    /// Whether the fallback is offered already (it is offered after the first failed scan).
    public var fallbackOffered: Bool

    public init(
        reason: String, cancelTitle: String = tr("Cancel"), fallbackTitle: String? = tr("Enter Password"),
        fallbackOffered: Bool = false
    ) {
        self.reason = reason
        self.cancelTitle = cancelTitle
        self.fallbackTitle = fallbackTitle
        self.fallbackOffered = fallbackOffered
    }
}

/// A change to the fingerprint prompt.
public enum FingerprintPromptUpdate: Sendable, Equatable {
    case waitingForFinger
    case hint(ScanHint)
    case notRecognized(attemptsLeft: Int)
    /// The fallback is now offered under this title.
    case fallbackOffered(String)
}

/// The password prompt's text.
public struct PasswordPrompt: Sendable, Equatable {
    public var reason: String
    /// What is asked for: "Password for alice" or "Checklists passcode".
    public var label: String
    /// A line above the prompt, e.g. "Wrong password, try again".
    public var notice: String?
    public var cancelTitle: String

    public init(reason: String, label: String, notice: String? = nil, cancelTitle: String = tr("Cancel")) {
        self.reason = reason
        self.label = label
        self.notice = notice
        self.cancelTitle = cancelTitle
    }
}

/// What the user did while a prompt was shown.
public enum UserAction: Sendable, Equatable {
    case cancel
    case fallback
}

/// For scripts and services: never asks, so evaluations fail with `notInteractive`.
public struct NonInteractivePresenter: AuthenticationPresenter {
    public init() {}
    public var canPrompt: Bool { false }
    public func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
    }
    public func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {}
    public func endFingerprintPrompt() {}
    public func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? { nil }
    public func notify(_ message: String) {}
}
