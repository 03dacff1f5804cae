import Foundation
import LocalAuthentication
import Localization
import Synchronization

/// The terminal UI's authentication presenter: the app core calls it during an unlock (on the
/// UI's thread), and it shows the prompts on the lock screen through the loop.
final class CursesPresenter: AuthenticationPresenter, @unchecked Sendable {
    /// The loop that owns the terminal, once it runs.
    let loop = Mutex<TerminalLoop?>(nil)
    /// The fingerprint prompt's last outcome and its fallback offer: they stay on screen while the
    /// reader waits for the next finger (else "Touch the reader" would hide them at once).
    private let fingerprintLine = Mutex<(outcome: String?, fallback: String?)>((nil, nil))

    var canPrompt: Bool { loop.withLock { $0 != nil } }

    func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        fingerprintLine.withLock { $0 = (nil, nil) }
        current()?.beginFingerprint(prompt, actions: actions)
    }

    func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {
        let text = fingerprintLine.withLock { line -> String in
            switch update {
            case .waitingForFinger: break
            case .hint: line.outcome = tr("Try again: touch the reader once more.")
            case .notRecognized(let left):
                line.outcome = trn("Not recognised; %d attempt left.", "Not recognised; %d attempts left.", left)
            case .fallbackOffered(let title): line.fallback = tr("p: %@", title)
            }
            return [line.outcome ?? tr("Touch the fingerprint reader."), line.fallback].compactMap { $0 }
                .joined(separator: "  ")
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
