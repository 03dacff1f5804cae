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

    /// How many of this process's descriptors are open on `path`.
    static func openDescriptors(to path: String) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == target
        }.count
    }
}
