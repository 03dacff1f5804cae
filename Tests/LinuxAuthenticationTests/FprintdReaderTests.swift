import Foundation
import LinuxAuthentication
import LocalAuthentication
import TestSupport
import Testing

/// Against the real fprintd with libfprint's virtual device on a private system bus.
@Suite struct FprintdReaderTests {
    let dir = TemporaryDirectory()
    let events = LASystemEvents()

    func environment(_ rig: FprintdRig?, presenter: ScriptedPresenter = ScriptedPresenter(), pam: PAMRig? = nil)
        -> LAEnvironment
    {
        var env = LAEnvironment(
            biometrics: FprintdReader(bus: .address(rig?.busAddress ?? "unix:path=\(dir.path)/no-bus")),
            accountPassword: pam.map { PAMVerifier(confdir: $0.confdir) }, presenter: presenter,
            stateDirectory: dir.appending("state"), runtimeDirectory: dir.appending("run"))
        env.systemEvents = events
        env.fingerTimeout = 10
        return env
    }

    /// Starts an evaluation on its own thread and returns a way to wait for its outcome.
    func start(_ env: LAEnvironment, _ policy: LAPolicy = .deviceOwnerAuthenticationWithBiometrics) -> Outcome {
        let outcome = Outcome()
        LAContext(environment: env).evaluatePolicy(policy, localizedReason: "Identify yourself!") { ok, error in
            outcome.finish(ok ? nil : (error as? LAError))
        }
        return outcome
    }

    @Test func enrolledFingerMatches() throws {
        let rig = try FprintdRig()
        let env = environment(rig)
        var error: NSError?
        let context = LAContext(environment: env)
        #expect(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(context.biometryType == .touchID)
        let outcome = start(env)
        try rig.scan(matching: true)
        #expect(outcome.wait() == .some(nil))
    }

    /// The reader is released in the background after each evaluation; the next one's claim
    /// must wait for that release rather than find the reader still claimed.
    @Test func backToBackEvaluationsEachClaimTheReader() throws {
        let rig = try FprintdRig()
        let env = environment(rig)
        for _ in 0..<3 {
            let outcome = start(env)
            try rig.scan(matching: true)
            #expect(outcome.wait() == .some(nil))
        }
    }

    @Test func threeStrangersFailTheEvaluation() throws {
        let rig = try FprintdRig()
        let presenter = ScriptedPresenter()
        let outcome = start(environment(rig, presenter: presenter))
        for _ in 0..<3 { try rig.scan(matching: false) }
        #expect(outcome.wait()??.code == .authenticationFailed)
        #expect(presenter.log.contains("update: fallbackOffered(\"Enter Password\")"))
    }

    @Test func fiveStrangersLockOutUntilThePasswordSucceeds() throws {
        let rig = try FprintdRig()
        let pam = try PAMRig(password: "pw")
        let first = start(environment(rig))
        for _ in 0..<3 { try rig.scan(matching: false) }
        #expect(first.wait()??.code == .authenticationFailed)
        let second = start(environment(rig))
        for _ in 0..<2 { try rig.scan(matching: false) }
        #expect(second.wait()??.code == .biometryLockout)

        // Still locked out for a fresh context (the count is on disk), even for a matching finger.
        var error: NSError?
        #expect(
            !LAContext(environment: environment(rig)).canEvaluatePolicy(
                .deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.biometryLockout.rawValue)

        let presenter = ScriptedPresenter(passwords: ["pw"])
        #expect(
            start(environment(rig, presenter: presenter, pam: pam), .deviceOwnerAuthentication).wait() == .some(nil))
        let unlocked = start(environment(rig))
        try rig.scan(matching: true)
        #expect(unlocked.wait() == .some(nil))
    }

    @Test func retryHintsAreShownAndTheScanContinues() throws {
        let rig = try FprintdRig()
        let presenter = ScriptedPresenter()
        let outcome = start(environment(rig, presenter: presenter))
        for hint in 0...3 { try rig.send("RETRY \(hint)") }
        try rig.scan(matching: true)
        #expect(outcome.wait() == .some(nil))
        for hint in [ScanHint.tryAgain, .swipeTooShort, .centerFinger, .removeAndRetry] {
            #expect(presenter.log.contains("update: hint(LocalAuthentication.ScanHint.\(hint))"))
        }
    }

    @Test func disconnectAndUnplugEndTheEvaluation() throws {
        let rig = try FprintdRig()
        let outcome = start(environment(rig))
        try rig.send("ERROR 5", final: true)
        #expect(outcome.wait()??.code == .biometryDisconnected)
        let unplugged = start(environment(rig))
        try rig.send("UNPLUG")
        #expect(unplugged.wait()??.code == .biometryNotAvailable)
    }

    @Test func noEnrolledFingerIsNotEnrolled() throws {
        let rig = try FprintdRig(enroll: nil)
        let context = LAContext(environment: environment(rig))
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.biometryNotEnrolled.rawValue)
        #expect(context.biometryType == .touchID)
    }

    @Test func noDeviceOrNoBusIsNotAvailable() throws {
        let rig = try FprintdRig(enroll: nil, noDevice: true)
        for env in [environment(rig), environment(nil)] {
            let context = LAContext(environment: env)
            var error: NSError?
            #expect(!context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
            #expect(error?.code == LAError.biometryNotAvailable.rawValue)
            #expect(context.biometryType == .none)
        }
    }

    @Test func enrollingAnotherFingerChangesTheDomainState() throws {
        let rig = try FprintdRig()
        let context = LAContext(environment: environment(rig))
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        let before = try #require(context.evaluatedPolicyDomainState)
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        #expect(context.evaluatedPolicyDomainState == before)
        try rig.enrollAnother("left")
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        #expect(context.evaluatedPolicyDomainState != before)
    }

    @Test func invalidateDuringAScanIsAppCancel() throws {
        let rig = try FprintdRig()
        let outcome = Outcome()
        let context = LAContext(environment: environment(rig))
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "x") { _, error in
            outcome.finish(error as? LAError)
        }
        try rig.send("RETRY 0")
        context.invalidate()
        #expect(outcome.wait()??.code == .appCancel)
    }
}

/// The outcome of an evaluation running on another thread: nil error = success.
final class Outcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var error: LAError?

    func finish(_ error: LAError?) {
        self.error = error
        done.signal()
    }

    /// nil when it did not finish in time; `.some(nil)` on success.
    func wait(timeout: TimeInterval = 15) -> LAError?? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return .some(error)
    }
}
