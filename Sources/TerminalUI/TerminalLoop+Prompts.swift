import Foundation
import LocalAuthentication
import Localization
import Synchronization

/// The presenter's prompts, drawn on the lock screen.
extension TerminalLoop {
    /// Shows `text` on the lock screen now.
    func showPromptLine(_ text: String) {
        promptLine = text
        draw()
    }

    /// Asks for a password (no echo) in a loop of its own; nil when cancelled with Esc.
    func askPassword(_ prompt: PasswordPrompt) -> [UInt8]? {
        var typed: [UInt8] = []
        let notice = prompt.notice.map { $0 + " " } ?? ""
        while true {
            showPromptLine(notice + prompt.label + ": " + String(repeating: "•", count: min(typed.count, 32)))
            guard waitForKeyOnly() else {
                typed.resetBytes(in: 0..<typed.count)
                promptLine = nil
                return nil
            }
            while let key = display.readKey() {
                switch key {
                case .enter:
                    promptLine = nil
                    return typed
                case .escape:
                    typed.resetBytes(in: 0..<typed.count)
                    promptLine = nil
                    return nil
                case .backspace:
                    if !typed.isEmpty { typed.removeLast() }
                case .character(let c): typed += Array(String(c).utf8)
                // A passcode from a password manager: its text without line breaks or tabs.
                case .paste(let text): typed += Array(String(text.filter { !$0.isNewline && $0 != "\t" }).utf8)
                default: break
                }
            }
        }
    }

    /// Blocks until standard input is readable (events wait in the inbox meanwhile).
    /// - Returns: false when the prompt must end: a signal came (the main loop takes it) or the
    ///   terminal went away.
    private func waitForKeyOnly() -> Bool {
        var fds = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals?.fd ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, -1)
        return fds[1].revents == 0 && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
    }

    /// Shows the fingerprint prompt and watches for Esc (cancel) and `p` (password) while the
    /// core waits for the reader.
    func beginFingerprint(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        showPromptLine(tr("Touch the fingerprint reader (p: password, Esc: cancel)."))
        fingerprintWatch = FingerprintWatch(actions: actions, signalFD: signals?.fd ?? -1)
    }

    func endFingerprint() {
        fingerprintWatch?.stop()
        fingerprintWatch = nil
    }
}

/// Reads keys straight from the terminal on a thread of its own while the UI's thread waits
/// for a fingerprint: Esc cancels, `p` asks for the password instead. A signal that ends the UI
/// (left in its pipe for the main loop) cancels too, so the loop gets to it.
final class FingerprintWatch: @unchecked Sendable {
    private let stopPipe: (read: Int32, write: Int32)
    private let thread: Thread

    init(actions: @escaping @Sendable (UserAction) -> Void, signalFD: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        let stopRead = fds[0]
        stopPipe = (fds[0], fds[1])
        thread = Thread {
            while true {
                var polled = [
                    pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
                ]
                guard poll(&polled, 3, -1) >= 0 || errno == EINTR else { return }
                if polled[1].revents != 0 { return }
                if polled[2].revents != 0 {
                    actions(.cancel)
                    return
                }
                guard polled[0].revents != 0 else { continue }
                var byte: UInt8 = 0
                // End-of-file or an error: the terminal went away, and polling it again would spin.
                let count = read(0, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    actions(.cancel)
                    return
                }
                guard count == 1 else { continue }
                if byte == 27 || byte == UInt8(ascii: "q") { actions(.cancel) }
                if byte == UInt8(ascii: "p") { actions(.fallback) }
            }
        }
        thread.start()
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        usleep(1000)
        close(stopPipe.write)
    }
}
