import Foundation
import Synchronization

/// Gives the terminal its settings back when a signal ends the process during a prompt.
///
/// A prompt turns echo, line editing and ICRNL off; SIGTERM (`timeout`, `kill`), SIGHUP,
/// SIGINT or SIGQUIT sent while it waits ended the process with the terminal left that way:
/// after `timeout 5 checklists items` the shell showed nothing typed and Enter did nothing until
/// `stty sane`. While a terminal is raw, each of these signals (unless ignored) first restores
/// it (tcsetattr is async-signal-safe), then ends the process by the signal's default action.
enum RawModeSignals {
    static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM]

    private struct State {
        var owner: ObjectIdentifier?
        var previous: [(Int32, sigaction)] = []
    }

    private static let state = Mutex(State())

    /// Restores `settings` on `fd` if a signal comes before `release(owner)`. Only the first
    /// terminal made raw is kept: its settings are the ones from before any prompt.
    static func hold(_ fd: Int32, settings: termios, owner: ObjectIdentifier) {
        state.withLock { s in
            guard s.owner == nil else { return }
            s.owner = owner
            savedSettings.pointee = settings
            rawFD.store(fd, ordering: .sequentiallyConsistent)
            for signo in signals {
                var old = sigaction()
                guard sigaction(signo, nil, &old) == 0, !isIgnored(old) else { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = restoreAndEnd
                sigemptyset(&action.sa_mask)
                if sigaction(signo, &action, nil) == 0 { s.previous.append((signo, old)) }
            }
        }
    }

    /// The terminal `owner` made raw has its settings back: the signals act as before.
    static func release(_ owner: ObjectIdentifier) {
        state.withLock { s in
            guard s.owner == owner else { return }
            for (signo, old) in s.previous {
                var old = old
                sigaction(signo, &old, nil)
            }
            s.previous = []
            rawFD.store(-1, ordering: .sequentiallyConsistent)
            s.owner = nil
        }
    }

    /// Whether `action` is SIG_IGN (function pointers are not Equatable; SIG_IGN is address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }
}

/// The raw terminal's descriptor (-1: none) and its settings from before, for the handler.
private let rawFD = Atomic<Int32>(-1)
nonisolated(unsafe) private let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)

/// Async-signal-safe: tcsetattr, then the default action by re-raising (the signal is blocked
/// while the handler runs, so it ends the process as the handler returns).
private func restoreAndEnd(_ signo: Int32) {
    let fd = rawFD.load(ordering: .sequentiallyConsistent)
    if fd >= 0 { tcsetattr(fd, TCSANOW, savedSettings) }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signo, &action, nil)
    raise(signo)
}
