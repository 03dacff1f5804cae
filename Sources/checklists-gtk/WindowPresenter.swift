import CGtk
import Dispatch
import Foundation
import LocalAuthentication

/// The desktop app's `AuthenticationPresenter`: the session calls it on its own queue; it shows
/// the prompts on the lock screen (or in the authentication dialog while unlocked) on the
/// main thread, and waits for a password without blocking GTK.
final class WindowPresenter: AuthenticationPresenter, @unchecked Sendable {
    /// Set once at start, then read on the main thread only.
    @MainActor weak var window: MainWindow?

    var canPrompt: Bool { true }

    func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        onMain { $0.authPanel().beginFingerprint(prompt, actions: actions) }
    }

    func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {
        onMain { $0.authPanel().updateFingerprint(update) }
    }

    func endFingerprintPrompt() {
        onMain { $0.authPanel().endFingerprint() }
    }

    func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        guard !Thread.isMainThread else { return nil }
        let answered = DispatchSemaphore(value: 0)
        let answer = Answer()
        onMain { window in
            // Nobody is there while the login session is locked: the prompt is cancelled.
            guard !window.isAway() else {
                answered.signal()
                return
            }
            window.authPanel().askPassword(prompt) { bytes in
                answer.bytes = bytes
                answered.signal()
            }
        }
        answered.wait()
        return answer.bytes
    }

    func notify(_ message: String) {
        onMain { $0.authPanel().show(notice: message) }
    }

    private func onMain(_ body: @escaping @MainActor (MainWindow) -> Void) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                guard let window = self.window else { return }
                body(window)
            }
        }
    }

    /// The answer handed from the main thread to the waiting session queue.
    private final class Answer: @unchecked Sendable {
        var bytes: [UInt8]?
    }
}
