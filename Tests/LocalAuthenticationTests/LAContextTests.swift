import Foundation
import LocalAuthentication
import TestSupport
import Testing

@Suite struct LAContextTests {
    let dir = TemporaryDirectory()
    let events = LASystemEvents()

    func environment(
        reader: FakeFingerprintReader? = FakeFingerprintReader(), password: String? = "hunter2",
        presenter: any AuthenticationPresenter = ScriptedPresenter()
    ) -> LAEnvironment {
        var env = LAEnvironment(
            biometrics: reader, accountPassword: password.map(FakePasswordVerifier.init), presenter: presenter,
            stateDirectory: dir.appending("state"), runtimeDirectory: dir.appending("run"))
        // Generous: under a loaded machine the scripted touches can take seconds to arrive.
        env.fingerTimeout = 60
        env.systemEvents = events
        return env
    }

    func evaluate(_ context: LAContext, _ policy: LAPolicy) async -> LAError? {
        do {
            try await context.evaluatePolicy(policy, localizedReason: "Test")
            return nil
        } catch {
            return error as? LAError
        }
    }

    // MARK: - canEvaluatePolicy

    @Test func reportsNoReaderAsBiometryNotAvailable() {
        let context = LAContext(environment: environment(reader: nil))
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.biometryNotAvailable.rawValue)
        #expect(context.biometryType == .none)
        #expect(context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
        #expect(error == nil)
    }

    @Test func reportsNoFingersAsNotEnrolled() {
        let context = LAContext(environment: environment(reader: FakeFingerprintReader(status: .notEnrolled)))
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.touchIDNotEnrolled.rawValue)
        #expect(context.biometryType == .touchID)
    }

    @Test func reportsNothingToCheckAsPasscodeNotSet() {
        let context = LAContext(environment: environment(reader: nil, password: nil))
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
        #expect(error?.code == LAError.passcodeNotSet.rawValue)
        #expect(context.canEvaluatePolicy(.deviceOwnerAuthentication, error: nil) == false)
    }

    @Test func domainStateFollowsTheEnrolledFingers() {
        let reader = FakeFingerprintReader(status: .ready(enrollment: Data([1])))
        let context = LAContext(environment: environment(reader: reader))
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        let before = context.evaluatedPolicyDomainState
        reader.currentStatus = .ready(enrollment: Data([2]))
        _ = context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil)
        #expect(before != nil)
        #expect(context.evaluatedPolicyDomainState != before)
    }

    // MARK: - Fingerprint

    @Test func matchingFingerSucceedsAndRepliesOffTheMainThread() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        async let outcome = withCheckedContinuation { (done: CheckedContinuation<(Bool, Bool), Never>) in
            context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Identify yourself!") {
                ok, _ in done.resume(returning: (ok, Thread.isMainThread))
            }
        }
        await reader.touch(.match)
        #expect(await outcome.0)
        #expect(await !outcome.1)
        #expect(context.lastSuccess?.biometric == true)
    }

    @Test func anEvaluationAsksTheReaderForItsStatusOnce() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        async let outcome = evaluate(context, .deviceOwnerAuthentication)
        await reader.touch(.match)
        #expect(await outcome == nil)
        #expect(reader.statusCalls == 1)
    }

    @Test func threeFailedScansFailAndOfferTheFallbackAfterTheFirst() async {
        let reader = FakeFingerprintReader()
        let presenter = ScriptedPresenter()
        let context = LAContext(environment: environment(reader: reader, presenter: presenter))
        async let error = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        for _ in 0..<3 { await reader.touch(.noMatch) }
        let e = await error
        #expect(e?.code == .authenticationFailed, "\(String(describing: e))")
        let updates = presenter.log.filter { $0.hasPrefix("update") }
        #expect(updates.first == "update: notRecognized(attemptsLeft: 2)")
        #expect(updates.dropFirst().first == "update: fallbackOffered(\"Enter Password\")")
    }

    @Test func fiveFailedScansAcrossContextsLockOutUntilAPasswordSucceeds() async {
        let reader = FakeFingerprintReader()
        let first = LAContext(environment: environment(reader: reader))
        async let a = evaluate(first, .deviceOwnerAuthenticationWithBiometrics)
        for _ in 0..<3 { await reader.touch(.noMatch) }
        #expect(await a?.code == .authenticationFailed)
        let second = LAContext(environment: environment(reader: reader))
        async let b = evaluate(second, .deviceOwnerAuthenticationWithBiometrics)
        for _ in 0..<2 { await reader.touch(.noMatch) }
        #expect(await b?.code == .biometryLockout)

        // A new "process": only the state file is shared.
        let presenter = ScriptedPresenter(passwords: ["hunter2"])
        let third = LAContext(environment: environment(reader: reader, presenter: presenter))
        var error: NSError?
        #expect(!third.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.biometryLockout.rawValue)
        #expect(await evaluate(third, .deviceOwnerAuthentication) == nil)
        #expect(presenter.log.contains("notice: " + LAError.Code.biometryLockout.defaultMessage))
        #expect(third.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil))
    }

    @Test func fallbackGivesUserFallbackForBiometricsAndAPasswordForOwner() async {
        let reader = FakeFingerprintReader()
        let presenter = ScriptedPresenter(passwords: ["hunter2"])
        let context = LAContext(environment: environment(reader: reader, presenter: presenter))
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.noMatch)
        presenter.press(.fallback)
        #expect(await a?.code == .userFallback)

        let owner = LAContext(environment: environment(reader: reader, presenter: presenter))
        async let b = evaluate(owner, .deviceOwnerAuthentication)
        await reader.touch(.noMatch)
        presenter.press(.fallback)
        #expect(await b == nil)
        #expect(owner.lastSuccess?.biometric == false)
        #expect(presenter.log.contains("password: Password for alice"))
    }

    @Test func emptyFallbackTitleHidesTheFallback() async {
        let reader = FakeFingerprintReader()
        let presenter = ScriptedPresenter()
        let context = LAContext(environment: environment(reader: reader, presenter: presenter))
        context.localizedFallbackTitle = ""
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.noMatch)
        presenter.press(.fallback)  // ignored: no fallback offered
        await reader.touch(.match)
        #expect(await a == nil)
        #expect(!presenter.log.contains { $0.contains("fallbackOffered") })
    }

    @Test func retryHintsKeepTheScanGoing() async {
        let reader = FakeFingerprintReader()
        let presenter = ScriptedPresenter()
        let context = LAContext(environment: environment(reader: reader, presenter: presenter))
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.retry(.swipeTooShort))
        await reader.touch(.match)
        #expect(await a == nil)
        #expect(presenter.log.contains("update: hint(LocalAuthentication.ScanHint.swipeTooShort)"))
    }

    @Test func cancelDisconnectAndTimeout() async {
        let reader = FakeFingerprintReader()
        let presenter = ScriptedPresenter()
        let context = LAContext(environment: environment(reader: reader, presenter: presenter))
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.fingerNeeded)
        presenter.press(.cancel)
        #expect(await a?.code == .userCancel)

        async let b = evaluate(
            LAContext(environment: environment(reader: reader)), .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.disconnected)
        #expect(await b?.code == .biometryDisconnected)

        var env = environment(reader: reader)
        env.fingerTimeout = 0.2
        let error = await evaluate(LAContext(environment: env), .deviceOwnerAuthenticationWithBiometrics)
        #expect(error?.code == .authenticationFailed)
        #expect(error?.message.contains("No finger was scanned") == true)
    }

    @Test func invalidateEndsWithAppCancelThenInvalidContext() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.fingerNeeded)
        context.invalidate()
        #expect(await a?.code == .appCancel)
        #expect(await evaluate(context, .deviceOwnerAuthenticationWithBiometrics)?.code == .invalidContext)
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
        #expect(error?.code == LAError.invalidContext.rawValue)
    }

    @Test func invalidateWhileTheReaderStartsStillCancels() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        reader.whenStarted = { context.invalidate() }
        #expect(await evaluate(context, .deviceOwnerAuthenticationWithBiometrics)?.code == .appCancel)
    }

    @Test func systemEventsCancelWithSystemCancel() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        async let a = evaluate(context, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.fingerNeeded)
        events.cancelEvaluations()
        #expect(await a?.code == .systemCancel)
    }

    @Test func aSessionLockWhileTheReaderStartsStillCancels() async {
        let reader = FakeFingerprintReader()
        let context = LAContext(environment: environment(reader: reader))
        reader.whenStarted = { [events] in events.cancelEvaluations() }
        #expect(await evaluate(context, .deviceOwnerAuthenticationWithBiometrics)?.code == .systemCancel)
    }

    @Test func withoutATerminalItIsNotInteractive() async {
        let context = LAContext(environment: environment(presenter: NonInteractivePresenter()))
        #expect(await evaluate(context, .deviceOwnerAuthentication)?.code == .notInteractive)
        let other = LAContext(environment: environment())
        other.interactionNotAllowed = true
        #expect(await evaluate(other, .deviceOwnerAuthentication)?.code == .notInteractive)
    }

    // MARK: - Reuse

    @Test func reuseWindowSkipsThePromptWithinItOnly() async {
        let reader = FakeFingerprintReader()
        let first = LAContext(environment: environment(reader: reader))
        async let a = evaluate(first, .deviceOwnerAuthenticationWithBiometrics)
        await reader.touch(.match)
        #expect(await a == nil)

        let presenter = ScriptedPresenter()
        let second = LAContext(environment: environment(reader: reader, presenter: presenter))
        second.touchIDAuthenticationAllowableReuseDuration = 60
        #expect(await evaluate(second, .deviceOwnerAuthenticationWithBiometrics) == nil)
        #expect(presenter.log.isEmpty)

        let third = LAContext(environment: environment(reader: reader, presenter: NonInteractivePresenter()))
        #expect(await evaluate(third, .deviceOwnerAuthenticationWithBiometrics)?.code == .notInteractive)
    }

    @Test func reuseDurationIsCappedAtFiveMinutes() {
        let context = LAContext(environment: environment())
        context.touchIDAuthenticationAllowableReuseDuration = 3600
        #expect(context.touchIDAuthenticationAllowableReuseDuration == 300)
        context.touchIDAuthenticationAllowableReuseDuration = -1
        #expect(context.touchIDAuthenticationAllowableReuseDuration == 0)
    }

    // MARK: - Passwords

    @Test func wrongPasswordsBackOffAndTheBackOffPersists() async {
        let presenter = ScriptedPresenter(passwords: Array(repeating: "wrong", count: 5) + ["hunter2"])
        let env = environment(reader: nil, presenter: presenter)
        var error = await evaluate(LAContext(environment: env), .deviceOwnerAuthentication)
        #expect(error?.message == "Wrong password.")
        error = await evaluate(LAContext(environment: env), .deviceOwnerAuthentication)
        #expect(error?.code == .authenticationFailed)
        #expect(error?.message.contains("try again in 1 minute") == true)
        // A new process, the right password, still inside the back-off: refused without asking.
        let later = ScriptedPresenter(passwords: ["hunter2"])
        error = await evaluate(
            LAContext(environment: environment(reader: nil, presenter: later)), .deviceOwnerAuthentication)
        #expect(error?.message.contains("Too many wrong passwords") == true)
        #expect(later.log.isEmpty)
        // Two minutes on, it asks again and the right password clears the count.
        var future = environment(reader: nil, presenter: later)
        future.now = { Date().addingTimeInterval(120) }
        #expect(await evaluate(LAContext(environment: future), .deviceOwnerAuthentication) == nil)
        #expect(AuthenticationState(path: dir.appending("state/auth-state.json")).read().failedPasswords == 0)
    }

    @Test func backOffGrowsOneFiveFifteenSixtyMinutes() {
        let state = AuthenticationState(path: dir.appending("state/auth-state.json"))
        let now = Date()
        var minutes: [Int] = []
        for _ in 0..<9 {
            let v = state.recordWrongPassword(now: now)
            minutes.append(Int(((v.passwordRetryAfter - now.timeIntervalSince1970) / 60).rounded()))
        }
        #expect(minutes.map { max(0, $0) } == [0, 0, 0, 0, 1, 5, 15, 60, 60])
    }

    @Test func appPasscodeIsAskedInsteadOfTheAccountPassword() async throws {
        var env = environment(reader: nil, presenter: ScriptedPresenter(passwords: ["hunter2", "123456"]))
        env.passcode = AppPasscode(path: dir.appending("passcode"), cost: .minimal)
        try env.passcode!.set(Array("123456".utf8))
        #expect(await evaluate(LAContext(environment: env), .deviceOwnerAuthentication) == nil)
        #expect(
            (env.presenter as! ScriptedPresenter).log == [
                "password: Checklists passcode", "password: Checklists passcode (Wrong password, try again.)",
            ])
        let stored = try String(contentsOfFile: dir.appending("passcode"), encoding: .utf8)
        #expect(stored.hasPrefix("$argon2id$"))
        #expect(!stored.contains("123456"))
    }

    @Test func cancellingThePasswordIsUserCancel() async {
        let env = environment(reader: nil, presenter: ScriptedPresenter(passwords: [nil]))
        #expect(await evaluate(LAContext(environment: env), .deviceOwnerAuthentication)?.code == .userCancel)
    }
}

@Suite struct BackoffMessageTests {
    @Test func saysTheWholeMinutesLeftEvenAtTheBoundary() {
        let now = Date()
        for offset in [60.0, 60.000_001, 59.999_999] {
            let until = Date(timeIntervalSince1970: now.timeIntervalSince1970 + offset)
            #expect(
                AuthenticationState.backoffError(until: until, now: now).message.hasPrefix(
                    "Too many wrong passwords: try again in 1 minute."))
        }
        let later = now.addingTimeInterval(300)
        #expect(AuthenticationState.backoffError(until: later, now: now).message.contains("in 5 minutes."))
    }
}
