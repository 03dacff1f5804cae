import Foundation
import LocalAuthentication

/// With `--stdin`: every password and passcode the command needs is one line of standard input,
/// in the order asked (the lock's own unlock first), read by `SecretReader` as `passcode set
/// --stdin` reads its passcode. Nothing is asked on the terminal, and no fingerprint is
/// waited for (the context leaves the reader out), so a script can turn the lock off.
final class StandardInputPresenter: AuthenticationPresenter, @unchecked Sendable {
    private let lock = NSLock()
    private var readFailure: (any Error)?

    /// Why a line could not be read (no line left, too long, unreadable), if one could not: the
    /// evaluation only saw a cancel, and the command reports this instead.
    var failure: (any Error)? { lock.withLock { readFailure } }

    var canPrompt: Bool { true }

    func beginFingerprintPrompt(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {}
    func updateFingerprintPrompt(_ update: FingerprintPromptUpdate) {}
    func endFingerprintPrompt() {}

    /// The next line of standard input; nil (a cancel) when there is none.
    func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        do {
            return try SecretReader.standardInputLine()
        } catch {
            lock.withLock { readFailure = readFailure ?? error }
            return nil
        }
    }

    func notify(_ message: String) { Output.error(message) }
}
