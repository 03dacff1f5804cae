import Foundation
import Localization
import Sodium
import Synchronization

/// One run of `evaluatePolicy`: the fingerprint loop, the password fallback, the counters.
final class Evaluation: @unchecked Sendable {
    enum Event: Sendable {
        case scan(ScanEvent)
        case user(UserAction)
        case cancel(LAError.Code)
    }

    enum FingerprintOutcome {
        case matched
        case wantsPassword
    }

    /// Scans one evaluation accepts before failing (Apple: 3).
    static let scansPerEvaluation = 3

    let environment: LAEnvironment
    let policy: LAPolicy
    let reason: String
    let fallbackTitle: String?
    let cancelTitle: String
    let channel = EventChannel<Event>()

    init(environment: LAEnvironment, policy: LAPolicy, reason: String, fallbackTitle: String?, cancelTitle: String?) {
        self.environment = environment
        self.policy = policy
        self.reason = reason
        // nil → the default title; "" hides the fallback, as on Apple.
        self.fallbackTitle =
            fallbackTitle == nil ? tr("Enter Password") : (fallbackTitle!.isEmpty ? nil : fallbackTitle)
        self.cancelTitle = cancelTitle ?? tr("Cancel")
    }

    /// Where the reader's events go.
    var scanEvents: @Sendable (ScanEvent) -> Void {
        let channel = self.channel
        return { channel.send(.scan($0)) }
    }

    /// Takes the system events (session locked, suspending) from now until `stopListening()`.
    func listen() { environment.systemEvents.register(self) }
    func stopListening() { environment.systemEvents.unregister(self) }

    /// Ends the evaluation with `code` as soon as it next looks (invalidate, system events).
    func cancel(_ code: LAError.Code) {
        channel.send(.cancel(code))
    }

    /// Runs the evaluation.
    /// - Parameter check: What the context found it can evaluate, just before (asking the
    ///   reader again would cost another bus connection and fprintd's `ListEnrolledFingers`).
    /// - Returns: Whether a fingerprint (rather than a password) proved it.
    /// The caller registers it with the system events before the reader starts (`listen()`).
    func run(_ check: LAContext.Check) throws(LAError) -> Bool {
        // A verification the check started is stopped unless the fingerprint loop takes it.
        var started = check.started
        defer { if case .success(let session)? = started { session.stop() } }

        if case .failure(let error) = check.result, policy == .deviceOwnerAuthenticationWithBiometrics {
            throw error
        }
        if case .failure(let error) = check.result, error.code != .biometryLockout { throw error }
        guard environment.presenter.canPrompt else { throw LAError(.notInteractive) }

        if check.biometryUsable {
            let session = started
            started = nil
            switch try fingerprint(passwordFallback: policy == .deviceOwnerAuthentication, started: session) {
            case .matched: return true
            case .wantsPassword: break
            }
        } else if check.lockedOut {
            if policy == .deviceOwnerAuthenticationWithBiometrics { throw LAError(.biometryLockout) }
            environment.presenter.notify(LAError.Code.biometryLockout.defaultMessage)
        }
        try password()
        return false
    }

    // MARK: - Fingerprint

    /// - Parameter started: The verification the check started, if any (else one starts here).
    private func fingerprint(passwordFallback: Bool, started: Result<any BiometricSession, LAError>?) throws(LAError)
        -> FingerprintOutcome
    {
        guard let device = environment.biometrics else {
            if case .success(let session)? = started { session.stop() }
            throw LAError(.biometryNotAvailable)
        }
        let presenter = environment.presenter
        let channel = self.channel
        let session: any BiometricSession
        switch started {
        case .success(let ready)?: session = ready
        case .failure(let error)?: throw error
        case nil: session = try device.startVerification(events: scanEvents)
        }
        var failures = 0
        var fallbackOffered = false
        presenter.beginFingerprintPrompt(
            FingerprintPrompt(
                reason: reason, cancelTitle: cancelTitle, fallbackTitle: fallbackTitle, fallbackOffered: false),
            actions: { action in channel.send(.user(action)) })
        defer {
            session.stop()
            presenter.endFingerprintPrompt()
        }
        while true {
            guard let event = channel.receive(before: Date().addingTimeInterval(environment.fingerTimeout)) else {
                throw LAError(
                    .authenticationFailed, "No finger was scanned within \(Int(environment.fingerTimeout)) seconds.")
            }
            switch event {
            case .scan(.fingerNeeded):
                presenter.updateFingerprintPrompt(.waitingForFinger)
            case .scan(.match):
                environment.state.update { $0.failedScans = 0 }
                return .matched
            case .scan(.noMatch):
                failures += 1
                let values = environment.state.update { v in
                    v.failedScans += 1
                    if v.failedScans >= AuthenticationState.scansBeforeLockout { v.biometryLockedOut = true }
                }
                if values.biometryLockedOut {
                    guard passwordFallback else { throw LAError(.biometryLockout) }
                    presenter.notify(LAError.Code.biometryLockout.defaultMessage)
                    return .wantsPassword
                }
                if failures >= Self.scansPerEvaluation {
                    guard passwordFallback else { throw LAError(.authenticationFailed) }
                    return .wantsPassword
                }
                presenter.updateFingerprintPrompt(.notRecognized(attemptsLeft: Self.scansPerEvaluation - failures))
                if !fallbackOffered, let fallbackTitle {
                    fallbackOffered = true
                    presenter.updateFingerprintPrompt(.fallbackOffered(fallbackTitle))
                }
                try session.next()
            case .scan(.retry(let hint)):
                presenter.updateFingerprintPrompt(.hint(hint))
            case .scan(.disconnected):
                throw LAError(.biometryDisconnected)
            case .scan(.failed(let message)):
                throw LAError(.biometryNotAvailable, tr("The fingerprint reader failed: %@", message))
            case .user(.cancel):
                throw LAError(.userCancel)
            case .user(.fallback):
                guard fallbackOffered else { continue }
                guard passwordFallback else { throw LAError(.userFallback) }
                return .wantsPassword
            case .cancel(let code):
                throw LAError(code)
            }
        }
    }

    // MARK: - Password

    private func password() throws(LAError) {
        guard let method = environment.ownerPasswordMethod else { throw LAError(.passcodeNotSet) }
        var notice: String?
        for _ in 0..<environment.passwordAttempts {
            try checkCancelled()
            let prompt = PasswordPrompt(reason: reason, label: method.label, notice: notice, cancelTitle: cancelTitle)
            let accepted: Bool?
            do {
                accepted = try environment.state.attempt(
                    now: environment.now(), answer: { environment.presenter.askPassword(prompt) }
                ) { answer in
                    try checkCancelled()
                    switch method.verify(answer) {
                    case .accepted: return true
                    case .rejected: return nil
                    case .unavailable(let reason):
                        throw LAError(.passcodeNotSet, tr("The password cannot be checked: %@", reason))
                    }
                }
            } catch let error as LAError {
                throw error
            } catch {
                throw LAError(.authenticationFailed, "\(error)")
            }
            if accepted != nil { return }
            notice = "Wrong password, try again."
        }
        throw LAError(.authenticationFailed, tr("Wrong password."))
    }

    private func checkCancelled() throws(LAError) {
        while let event = channel.receive(before: Date.distantPast) {
            if case .cancel(let code) = event { throw LAError(code) }
        }
    }
}
