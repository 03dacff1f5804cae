import Foundation
import Synchronization

/// Apple's `LAContext` on Linux: evaluates a policy with the fingerprint reader (fprintd), the
/// account password (PAM) or the app passcode, through the environment's backends.
open class LAContext: @unchecked Sendable {
    /// The backends this context uses.
    public let environment: LAEnvironment

    private let lock = NSLock()
    private var _fallbackTitle: String?
    private var _cancelTitle: String?
    private var _reason = ""
    private var _reuseDuration: TimeInterval = 0
    private var _biometryType = LABiometryType.none
    private var _domainState: Data?
    private var _interactionNotAllowed = false
    private var _invalidated = false
    private var _current: Evaluation?
    private var _lastSuccess: LAEvaluationRecord?

    /// A context on `LAEnvironment.shared`.
    public convenience init() {
        self.init(environment: .shared)
    }

    /// A context on the given backends.
    public init(environment: LAEnvironment) {
        self.environment = environment
    }

    // MARK: - Apple's properties

    /// The fallback's title: nil shows "Enter Password", "" hides the fallback.
    open var localizedFallbackTitle: String? {
        get { locked { _fallbackTitle } }
        set { locked { _fallbackTitle = newValue } }
    }

    /// The cancel action's title; nil shows "Cancel".
    open var localizedCancelTitle: String? {
        get { locked { _cancelTitle } }
        set { locked { _cancelTitle = newValue } }
    }

    /// The reason shown when an evaluation is started without one.
    open var localizedReason: String {
        get { locked { _reason } }
        set { locked { _reason = newValue } }
    }

    /// How long an earlier success in this login session satisfies a new evaluation without a
    /// prompt; 0 (default) always prompts. Capped at 300 s.
    open var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
        get { locked { _reuseDuration } }
        set { locked { _reuseDuration = min(max(0, newValue), LATouchIDAuthenticationMaximumAllowableReuseDuration) } }
    }

    /// `.touchID` when a fingerprint reader is present; set by `canEvaluatePolicy`.
    open var biometryType: LABiometryType { locked { _biometryType } }

    /// Identifies the set of enrolled fingers; changes when a finger is added or removed.
    /// Set by `canEvaluatePolicy` and successful evaluations; nil without a reader.
    open var evaluatedPolicyDomainState: Data? { locked { _domainState } }

    /// When true, evaluations fail with `notInteractive` instead of prompting.
    open var interactionNotAllowed: Bool {
        get { locked { _interactionNotAllowed } }
        set { locked { _interactionNotAllowed = newValue } }
    }

    /// The last successful evaluation of this context (used by the keychain's access control).
    public var lastSuccess: LAEvaluationRecord? { locked { _lastSuccess } }

    // MARK: - Apple's methods

    /// Whether `policy` can be evaluated now; if not, `error` says why (an `LAError` as NSError).
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool {
        if locked({ _invalidated }) {
            error?.pointee = LAError(.invalidContext) as NSError
            return false
        }
        let check = Self.check(policy, environment)
        locked {
            _biometryType = check.biometryType
            _domainState = check.enrollment
        }
        if case .failure(let failure) = check.result {
            error?.pointee = failure as NSError
            return false
        }
        error?.pointee = nil
        return true
    }

    /// Evaluates `policy`, prompting through the environment's presenter; `reply` is called
    /// once, on a background thread, with success or an `LAError`.
    open func evaluatePolicy(
        _ policy: LAPolicy, localizedReason: String, reply: @escaping (Bool, (any Error)?) -> Void
    ) {
        let box = ReplyBox(reply)
        let thread = Thread { [self] in
            do {
                try self.evaluateNow(policy, localizedReason: localizedReason)
                box.reply(true, nil)
            } catch {
                box.reply(false, error)
            }
        }
        thread.name = "LAContext.evaluatePolicy"
        thread.start()
    }

    /// Evaluates `policy`; returns true or throws an `LAError`.
    @discardableResult
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            evaluatePolicy(policy, localizedReason: localizedReason) { ok, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: ok) }
            }
        }
    }

    /// Ends an evaluation in progress with `appCancel`; afterwards every call fails with `invalidContext`.
    open func invalidate() {
        let current = locked {
            _invalidated = true
            return _current
        }
        current?.cancel(.appCancel)
    }

    // MARK: - Synchronous evaluation

    /// Evaluates on the calling thread (for command-line tools that block anyway).
    /// - Throws: `LAError`.
    public func evaluateNow(_ policy: LAPolicy, localizedReason: String) throws(LAError) {
        let reason = localizedReason.isEmpty ? self.localizedReason : localizedReason
        let evaluation = Evaluation(
            environment: environment, policy: policy, reason: reason,
            fallbackTitle: localizedFallbackTitle, cancelTitle: localizedCancelTitle)
        // Current before anything starts, in the same step that looks at `invalidate`: an
        // invalidate from now on reaches this evaluation (one while the reader's verification
        // was starting used to be lost, and the evaluation ran on to the finger timeout).
        let (invalidated, reuse, noInteraction) = locked {
            if !_invalidated { _current = evaluation }
            return (_invalidated, _reuseDuration, _interactionNotAllowed)
        }
        if invalidated { throw LAError(.invalidContext) }
        defer { locked { _current = nil } }
        evaluation.listen()
        defer { evaluation.stopListening() }
        // An evaluation that will prompt starts the reader's verification with its status check.
        let fresh = reuse > 0 && environment.reuse.isFresh(within: reuse)
        let scansNow = !fresh && !noInteraction && environment.presenter.canPrompt
        let check = Self.check(policy, environment, startingVerification: scansNow ? evaluation.scanEvents : nil)
        locked {
            _biometryType = check.biometryType
            _domainState = check.enrollment
        }
        if fresh, case .success = check.result {
            succeed(policy, biometric: false, enrollment: check.enrollment)
            return
        }
        if noInteraction { throw LAError(.notInteractive) }
        let biometric = try evaluation.run(check)
        succeed(policy, biometric: biometric, enrollment: check.enrollment)
    }

    private func succeed(_ policy: LAPolicy, biometric: Bool, enrollment: Data?) {
        environment.reuse.record()
        locked {
            _lastSuccess = LAEvaluationRecord(
                policy: policy, date: Date(), biometric: biometric, enrollment: enrollment)
        }
    }

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A successful evaluation: which policy, when, and whether a fingerprint proved it.
public struct LAEvaluationRecord: Sendable, Equatable {
    public let policy: LAPolicy
    public let date: Date
    /// True when a fingerprint matched; false for a password, passcode or reuse.
    public let biometric: Bool
    /// The enrolled-finger set at the time (`evaluatedPolicyDomainState`).
    public let enrollment: Data?
}

/// Carries a non-Sendable reply closure to the evaluation thread; it is called exactly once.
private final class ReplyBox: @unchecked Sendable {
    let reply: (Bool, (any Error)?) -> Void
    init(_ reply: @escaping (Bool, (any Error)?) -> Void) { self.reply = reply }
}
