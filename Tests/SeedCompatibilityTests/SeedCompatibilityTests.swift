import Foundation
import LinuxAuthentication
import LocalAuthentication
import TestSupport
import Testing

/// Runs the tutorial-shaped code against the real fprintd. It uses `LAContext()`, so these
/// tests set `LAEnvironment.shared` and run one at a time.
@Suite(.serialized) struct SeedCompatibilityTests {
    let dir = TemporaryDirectory()

    func install(_ rig: FprintdRig, presenter: any AuthenticationPresenter = ScriptedPresenter()) {
        var env = LAEnvironment(
            biometrics: FprintdReader(bus: .address(rig.busAddress)), presenter: presenter,
            stateDirectory: dir.appending("state"), runtimeDirectory: dir.appending("run"))
        env.systemEvents = LASystemEvents()
        LAEnvironment.shared = env
    }

    func tap(_ screen: SecretMessageScreen, while act: () throws -> Void = {}) throws {
        let done = DispatchSemaphore(value: 0)
        screen.onFinish = { done.signal() }
        screen.authenticateTapped()
        try act()
        #expect(done.wait(timeout: .now() + 15) == .success)
    }

    @Test func matchingFingerUnlocksTheSecret() throws {
        let rig = try FprintdRig()
        install(rig)
        let screen = SecretMessageScreen()
        try tap(screen) { try rig.scan(matching: true) }
        #expect(screen.title == "Secret stuff!")
        #expect(screen.alertTitle == nil)
    }

    @Test func cancellingShowsTheCancelMessage() throws {
        let rig = try FprintdRig()
        let presenter = ScriptedPresenter()
        install(rig, presenter: presenter)
        let screen = SecretMessageScreen()
        try tap(screen) {
            try rig.send("RETRY 0")
            presenter.press(.cancel)
        }
        #expect(screen.title == "Nothing to see here")
        #expect(screen.alertMessage == "Authentication was cancelled by the user")
    }

    @Test func fallbackAfterAFailedScanIsUserFallback() throws {
        let rig = try FprintdRig()
        let presenter = ScriptedPresenter()
        install(rig, presenter: presenter)
        let screen = SecretMessageScreen()
        try tap(screen) {
            try rig.scan(matching: false)
            presenter.press(.fallback)
        }
        #expect(screen.alertMessage == "User selected to enter custom password")
    }

    @Test func noEnrolledFingerIsReportedBeforeEvaluating() throws {
        let rig = try FprintdRig(enroll: nil)
        install(rig)
        let screen = SecretMessageScreen()
        try tap(screen)
        #expect(screen.alertTitle == "Touch ID not available")
        #expect(screen.alertMessage == "Authentication could not start because Touch ID has no enrolled fingers.")
    }

    @Test func noReaderIsReportedBeforeEvaluating() throws {
        let rig = try FprintdRig(enroll: nil, noDevice: true)
        install(rig)
        let screen = SecretMessageScreen()
        try tap(screen)
        #expect(screen.alertMessage == "Authentication could not start because Touch ID is not available.")
    }
}
