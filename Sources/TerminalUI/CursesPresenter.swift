import Foundation
import LocalAuthentication
import Localization
import Synchronization

/// The terminal UI's authentication presenter: the app core calls it during an unlock (on the
/// UI's thread), and it shows the prompts on the lock screen through the loop.
final class CursesPresenter: AuthenticationPresenter, @unchecked Sendable {
    /// The loop that owns the terminal, once it runs.
    let loop = Mutex<TerminalLoop?>(nil)

    var canPrompt: Bool { loop.withLock { $0 != nil } }

    func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        current()?.beginFingerprint(prompt, actions: actions)
    }

    func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {
        let text: String
        switch update {
        case .waitingForFinger: text = tr("Touch the fingerprint reader.")
        case .hint: text = tr("Try again: touch the reader once more.")
        case .notRecognized(let left):
            text = trn("Not recognised; %d attempt left.", "Not recognised; %d attempts left.", left)
        case .fallbackOffered(let title): text = tr("Not recognised. p: %@", title)
        }
        current()?.showPromptLine(text)
    }

    func endFingerprintPrompt() {
        current()?.endFingerprint()
    }

    func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        current()?.askPassword(prompt)
    }

    func notify(_ message: String) {
        current()?.showPromptLine(message)
    }

    private func current() -> TerminalLoop? { loop.withLock { $0 } }
}
