import Foundation
import LinuxAuthentication
import LocalAuthentication
import TestSupport
import Testing

/// The terminal presenter against a file standing in for `/dev/tty`.
@Suite struct TerminalPresenterTests {
    let dir = TemporaryDirectory()

    @Test func notifyClosesTheTerminalItOpens() throws {
        let tty = dir.appending("tty")
        #expect(FileManager.default.createFile(atPath: tty, contents: nil))
        let presenter = TerminalPresenter(ttyPath: tty)
        for index in 0..<50 { presenter.notify("notice \(index)") }
        #expect(Self.openDescriptors(to: tty) == 0)
        let written = try String(contentsOfFile: tty, encoding: .utf8)
        #expect(written.contains("notice 49\n"))
    }

    /// Ending the fingerprint prompt wakes the key reader at once: it used to wait out the
    /// reader's 100 ms poll, after every fingerprint match.
    @Test func endingTheFingerprintPromptDoesNotWaitForTheKeyReader() throws {
        // A FIFO stands in for the terminal: reading it blocks like a terminal with no keys.
        let tty = dir.appending("tty")
        #expect(mkfifo(tty, 0o600) == 0)
        let presenter = TerminalPresenter(ttyPath: tty)
        let prompt = FingerprintPrompt(
            reason: "Unlock.", cancelTitle: "Cancel", fallbackTitle: nil, fallbackOffered: false)
        let started = Date()
        for _ in 0..<30 {
            presenter.beginFingerprintPrompt(prompt, actions: { _ in })
            usleep(10_000)  // the key reader waits in poll by now
            presenter.endFingerprintPrompt()
        }
        // Before the fix each end waited out the poll: at least 30 × 90 ms. Now ~30 × 10 ms.
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(Self.openDescriptors(to: tty) == 0)
    }

    /// Arrow, Delete and function keys while a passcode is typed are not Esc: they cancelled the
    /// prompt, and the rest of the key's sequence ("[D") landed on the shell's command line. A
    /// lone Esc still cancels (nothing follows it within 50 ms).
    @Test func keysThatSendEscapeSequencesDoNotCancelThePasscode() throws {
        // A FIFO stands in for the terminal, holding the keys typed ahead of the prompt.
        let tty = dir.appending("tty")
        #expect(mkfifo(tty, 0o600) == 0)
        let keys = open(tty, O_RDWR)
        try #require(keys >= 0)
        defer { close(keys) }
        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(keys, $0.baseAddress, $0.count) }
        }
        let presenter = TerminalPresenter(ttyPath: tty)
        let prompt = PasswordPrompt(reason: "Unlock.", label: "Passcode")
        // Left, Delete, F1 (SS3), Alt-x, then Enter.
        type("ab\u{1b}[Dc\u{1b}[3~d\u{1b}OPe\u{1b}xf\r")
        #expect(presenter.askPassword(prompt) == Array("abcdef".utf8))
        var drained = [UInt8](repeating: 0, count: 4096)
        _ = fcntl(keys, F_SETFL, O_NONBLOCK)
        while read(keys, &drained, drained.count) > 0 {}
        // Esc pressed twice is Esc (the FIFO also holds the prompt's own text after the keys, so
        // a lone Esc's timeout cannot be shown here).
        type("ab\u{1b}\u{1b}")
        #expect(presenter.askPassword(prompt) == nil)
    }

    /// How many of this process's descriptors are open on `path`.
    static func openDescriptors(to path: String) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == target
        }.count
    }
}
