import Foundation
import TestSupport
import Testing

/// Runs the tutorial-shaped screen (`Tests/SeedSample`, built as the `SeedSample` program)
/// against the real fprintd with no setup line: `LAContext()` must find the reader through the
/// standard `DBUS_SYSTEM_BUS_ADDRESS` alone. Each test starts its own program, so the bus
/// address never has to change inside the test process.
@Suite struct SeedCompatibilityTests {
    let dir = TemporaryDirectory()

    /// The built sample, next to the built `checklists`.
    static let sample = URL(fileURLWithPath: CLIRunner.binary).deletingLastPathComponent()
        .appendingPathComponent("SeedSample").path

    /// Only standard variables, as a user's session has them: no hooks.
    func environment(_ rig: FprintdRig) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm", "HOME": dir.appending("home"),
            "XDG_STATE_HOME": dir.appending("state"), "DBUS_SYSTEM_BUS_ADDRESS": rig.busAddress,
        ]
    }

    /// Runs the sample on a terminal of its own; `act` plays the user once the prompt shows.
    func tapOnTerminal(_ rig: FprintdRig, _ act: (PtySession) throws -> Void) throws -> String {
        let pty = try PtySession([Self.sample], environment: environment(rig))
        try pty.expect("Touch the fingerprint reader", timeout: 20)
        try act(pty)
        let status = try pty.wait(timeout: 30)
        #expect(status == 0)
        return pty.transcript
    }

    /// Runs the sample with no terminal (as from a service).
    func tapWithoutTerminal(_ rig: FprintdRig) throws -> CLIRunner.Result {
        try CLIRunner.execute("/usr/bin/setsid", ["-w", Self.sample], environment: environment(rig))
    }

    @Test func matchingFingerUnlocksTheSecret() throws {
        let rig = try FprintdRig()
        let screen = try tapOnTerminal(rig) { _ in try rig.scan(matching: true) }
        #expect(screen.contains("title: Secret stuff!"))
        #expect(!screen.contains("alert:"))
    }

    @Test func cancellingShowsTheCancelMessage() throws {
        let rig = try FprintdRig()
        let screen = try tapOnTerminal(rig) { pty in pty.send("\u{1b}") }
        #expect(screen.contains("title: Nothing to see here"))
        #expect(screen.contains("message: Authentication was cancelled by the user"))
    }

    @Test func fallbackAfterAFailedScanIsUserFallback() throws {
        let rig = try FprintdRig()
        let screen = try tapOnTerminal(rig) { pty in
            try rig.scan(matching: false)
            try pty.expect("Press Enter to enter password instead", timeout: 20)
            pty.send("\r")
        }
        #expect(screen.contains("message: User selected to enter custom password"))
    }

    @Test func withoutATerminalNobodyIsAsked() throws {
        let rig = try FprintdRig()
        let result = try tapWithoutTerminal(rig)
        #expect(result.status == 0)
        #expect(result.stdout.contains("title: Nothing to see here"))
        #expect(result.stdout.contains("message: Authentication needs a terminal to ask on, and there is none."))
    }

    @Test func noEnrolledFingerIsReportedBeforeEvaluating() throws {
        let rig = try FprintdRig(enroll: nil)
        let result = try tapWithoutTerminal(rig)
        #expect(result.stdout.contains("alert: Touch ID not available"))
        #expect(
            result.stdout.contains("message: Authentication could not start because Touch ID has no enrolled fingers."))
    }

    @Test func noReaderIsReportedBeforeEvaluating() throws {
        let rig = try FprintdRig(enroll: nil, noDevice: true)
        let result = try tapWithoutTerminal(rig)
        #expect(result.stdout.contains("message: Authentication could not start because Touch ID is not available."))
    }
}
