import LocalAuthentication
import Localization
import Sodium

/// Where a front end asks for the app passcode: the current one, or a new one to choose.
public protocol PasscodeEntry: Sendable {
    /// Whether a wrong passcode may be asked for again (false for a script that gives one line).
    var allowsRetry: Bool { get }

    /// The current passcode, with `notice` (e.g. "Wrong passcode, try again.") when set.
    /// - Throws: `LAError` when cancelled or nobody can be asked.
    func currentPasscode(label: String, notice: String?) throws -> [UInt8]

    /// "Choose a passcode": a new one, confirmed as the front end sees fit. `intro` is a line to
    /// show first, when set. The front end calls `weakness` on the first entry and stops with
    /// `AppSessionError.rejected` when it names one (the session checks again).
    func choosePasscode(intro: String?, label: String, weakness: ([UInt8]) -> String?) throws -> [UInt8]
}

/// A yes/no question the front end puts to the user (e.g. "Allow reminder notifications?").
public protocol QuestionPresenter: Sendable {
    /// The answer; nil when nobody can be asked.
    func ask(_ question: String) -> Bool?
}

/// Asks for passcodes through an `AuthenticationPresenter`'s password prompt.
public struct PresenterPasscodeEntry: PasscodeEntry {
    public let presenter: any AuthenticationPresenter

    public init(presenter: any AuthenticationPresenter) {
        self.presenter = presenter
    }

    public var allowsRetry: Bool { true }

    public func currentPasscode(label: String, notice: String?) throws -> [UInt8] {
        guard presenter.canPrompt else { throw LAError(.notInteractive, tr("No terminal to ask on; use --stdin.")) }
        guard
            let answer = presenter.askPassword(
                PasswordPrompt(reason: "", label: label, notice: notice, cancelTitle: tr("Cancel")))
        else { throw LAError(.userCancel) }
        return answer
    }

    public func choosePasscode(intro: String?, label: String, weakness: ([UInt8]) -> String?) throws -> [UInt8] {
        if let intro { presenter.notify(intro) }
        return try enterNewPasscode(label: label, confirm: true, weakness: weakness)
    }
}

extension PasscodeEntry {
    /// Asks for a new passcode (twice when `confirm`), refusing a weak one or two entries that
    /// differ with `AppSessionError.rejected`; the entries are wiped on every path.
    public func enterNewPasscode(label: String, confirm: Bool, weakness: ([UInt8]) -> String?) throws -> [UInt8] {
        var first = try currentPasscode(label: label, notice: nil)
        if let problem = weakness(first) {
            Sodium.wipe(&first)
            throw AppSessionError.rejected(problem + " Nothing was changed.")
        }
        guard confirm else { return first }
        var second = try currentPasscode(label: tr("Repeat to confirm"), notice: nil)
        defer { Sodium.wipe(&second) }
        guard Sodium.constantTimeEqual(first, second) else {
            Sodium.wipe(&first)
            throw AppSessionError.rejected(tr("The two entries differ; nothing was changed."))
        }
        return first
    }
}
