import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Holds back SIGHUP, SIGINT and SIGTERM while files that must not outlive an interruption are
/// written (an export's unencrypted temporary file or staging folder).
///
/// Their default action ended the process at once, and a Ctrl-C, a closed terminal or a `kill`
/// during an export left a hidden plain-text copy of every list beside the target for good. Inside
/// `run` the handler only notes the signal; the writing loops look at `isRequested`, stop and
/// remove what they wrote, as after a failed write; then the previous actions come back and the
/// signal is raised again, so the process ends as it would have. A signal that was ignored when
/// `run` began (`nohup`, a job started with `&`) stays ignored. SIGKILL cannot be held back.
public enum TerminationGuard {
    static let signals: [Int32] = [SIGHUP, SIGINT, SIGTERM]

    private struct State {
        var depth = 0
        var previous: [(Int32, sigaction)] = []
    }

    private static let state = Mutex(State())

    /// Whether one of the signals came while `run` is under way: stop and clean up.
    public static var isRequested: Bool { caughtSignal.load(ordering: .sequentiallyConsistent) != 0 }

    /// Runs `body` with the signals held back, then ends the process by the first one that came.
    public static func run<R>(_ body: () throws -> R) rethrows -> R {
        enter()
        defer { leave() }
        return try body()
    }

    private static func enter() {
        state.withLock { s in
            s.depth += 1
            guard s.depth == 1 else { return }
            caughtSignal.store(0, ordering: .sequentiallyConsistent)
            for signo in signals {
                var old = sigaction()
                guard sigaction(signo, nil, &old) == 0, !isIgnored(old) else { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = noteTermination
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                if sigaction(signo, &action, nil) == 0 { s.previous.append((signo, old)) }
            }
        }
    }

    private static func leave() {
        let signo = state.withLock { s -> Int32 in
            s.depth -= 1
            guard s.depth == 0 else { return 0 }
            for (signo, old) in s.previous {
                var old = old
                sigaction(signo, &old, nil)
            }
            s.previous = []
            return caughtSignal.exchange(0, ordering: .sequentiallyConsistent)
        }
        if signo != 0 { raise(signo) }
    }

    /// Whether `action` is SIG_IGN (function pointers are not Equatable; SIG_IGN is address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }
}

/// The first signal that came inside `TerminationGuard.run` (0: none).
private let caughtSignal = Atomic<Int32>(0)

/// Async-signal-safe: remembers the first signal.
private func noteTermination(_ signo: Int32) {
    _ = caughtSignal.compareExchange(expected: 0, desired: signo, ordering: .sequentiallyConsistent)
}
