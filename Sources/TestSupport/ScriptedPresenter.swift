import Foundation
import LocalAuthentication

/// A presenter that answers password prompts from a script and records what it was shown.
public final class ScriptedPresenter: AuthenticationPresenter, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String?]
    private var actions: (@Sendable (UserAction) -> Void)?
    /// Everything shown, in order: "fingerprint: REASON", "update: …", "password: LABEL", "notice: …".
    public private(set) var shown: [String] = []
    public let canPrompt: Bool

    /// - Parameter passwords: Answers to successive password prompts; nil cancels.
    public init(passwords: [String?] = [], canPrompt: Bool = true) {
        answers = passwords
        self.canPrompt = canPrompt
    }

    public var log: [String] { lock.withLock { shown } }

    /// Presses a key on the fingerprint prompt (cancel or fallback).
    /// Presses a button of the fingerprint prompt. The prompt may not be up yet (the
    /// evaluation starts it on its own thread): waits for it for up to 5 s, else does nothing.
    public func press(_ action: UserAction) {
        let deadline = Date().addingTimeInterval(5)
        var actions = lock.withLock { self.actions }
        while actions == nil && Date() < deadline {
            usleep(5_000)
            actions = lock.withLock { self.actions }
        }
        actions?(action)
    }

    public func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        lock.withLock {
            self.actions = actions
            shown.append("fingerprint: \(prompt.reason)")
        }
    }

    public func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {
        lock.withLock { shown.append("update: \(update)") }
    }

    public func endFingerprintPrompt() {
        lock.withLock { actions = nil }
    }

    public func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        lock.withLock {
            shown.append("password: \(prompt.label)" + (prompt.notice.map { " (\($0))" } ?? ""))
            guard !answers.isEmpty, let answer = answers.removeFirst() else { return nil }
            return Array(answer.utf8)
        }
    }

    public func notify(_ message: String) {
        lock.withLock { shown.append("notice: \(message)") }
    }
}
