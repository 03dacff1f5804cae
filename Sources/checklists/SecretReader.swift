import ChecklistsApp
import InputReading
import LocalAuthentication
import Sodium

/// The terminal's passcode entry: without echo on the terminal, or from standard input with
/// `--stdin` (one line each); never from argv or the environment.
struct SecretReader: PasscodeEntry {
    let fromStdin: Bool
    let presenter: any AuthenticationPresenter
    let output: Output

    var allowsRetry: Bool { !fromStdin }

    func currentPasscode(label: String, notice: String?) throws -> [UInt8] {
        if fromStdin { return try Self.standardInputLine() }
        return try PresenterPasscodeEntry(presenter: presenter).currentPasscode(label: label, notice: notice)
    }

    /// A new secret, asked twice on a terminal.
    func choosePasscode(intro: String?, label: String, weakness: ([UInt8]) -> String?) throws -> [UInt8] {
        if let intro {
            output.line(intro)
            output.flush()
        }
        return try enterNewPasscode(label: label, confirm: !fromStdin, weakness: weakness)
    }

    /// One secret from standard input: its next line. Every `--stdin` secret comes through here.
    static func standardInputLine() throws -> [UInt8] { try LineReader.standardInput.next() }
}
