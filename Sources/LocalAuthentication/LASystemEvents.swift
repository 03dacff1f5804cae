import Synchronization

/// Where system events (session locked, system suspending) reach evaluations in progress.
/// The app uses `shared`; tests give each environment its own so they cannot disturb each other.
public final class LASystemEvents: Sendable {
    /// The process-wide hub used by `LAEnvironment.cancelEvaluationsForSystemEvent()`.
    public static let shared = LASystemEvents()

    private let active = Mutex<[ObjectIdentifier: Evaluation]>([:])

    public init() {}

    /// Ends every evaluation in progress on this hub with `systemCancel`.
    public func cancelEvaluations() {
        let all = active.withLock { Array($0.values) }
        for evaluation in all { evaluation.cancel(.systemCancel) }
    }

    func register(_ evaluation: Evaluation) {
        active.withLock { $0[ObjectIdentifier(evaluation)] = evaluation }
    }

    func unregister(_ evaluation: Evaluation) {
        _ = active.withLock { $0.removeValue(forKey: ObjectIdentifier(evaluation)) }
    }
}
