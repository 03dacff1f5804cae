import Dispatch
import Foundation
import Synchronization

/// SIGTSTP (Ctrl-Z) and SIGCONT for every `LifecycleEvents` in the process: one handler per
/// signal writes the signal's number to a pipe, which a dispatch source reads and fans out.
///
/// The handlers are installed while at least one watcher is registered and the previous
/// dispositions restored after the last one leaves. A SIGTSTP that was ignored when the first
/// watcher came (a job started without job control) stays ignored.
enum SignalWatch {
    typealias Handler = @Sendable (Int32) -> Void

    private struct State {
        var handlers: [UInt64: Handler] = [:]
        var next: UInt64 = 0
        var previous: [Int32: sigaction] = [:]
        var source: (any DispatchSourceRead)?
    }

    private static let state = Mutex(State())
    private static let queue = DispatchQueue(label: "ChecklistsApp.SignalWatch")

    /// Calls `handler` with SIGTSTP or SIGCONT each time one arrives.
    /// - Returns: A token for `remove`, or nil when the signals cannot be watched.
    static func add(_ handler: @escaping Handler) -> UInt64? {
        state.withLock { s -> UInt64? in
            if s.handlers.isEmpty {
                guard installPipe() else { return nil }
                let source = DispatchSource.makeReadSource(fileDescriptor: signalPipe.read, queue: queue)
                source.setEventHandler { drain() }
                source.resume()
                s.source = source
                for signo in [SIGTSTP, SIGCONT] {
                    var action = sigaction()
                    action.__sigaction_handler.sa_handler = lifecycleSignalHandler
                    action.sa_flags = SA_RESTART
                    sigemptyset(&action.sa_mask)
                    var old = sigaction()
                    guard sigaction(signo, nil, &old) == 0 else { continue }
                    if signo == SIGTSTP && isIgnored(old) { continue }
                    if sigaction(signo, &action, nil) == 0 { s.previous[signo] = old }
                }
            }
            s.next += 1
            s.handlers[s.next] = handler
            return s.next
        }
    }

    /// Stops calling the handler registered under `token`.
    static func remove(_ token: UInt64) {
        state.withLock { s in
            guard s.handlers.removeValue(forKey: token) != nil, s.handlers.isEmpty else { return }
            for (signo, old) in s.previous {
                // Ignoring first discards a SIGTSTP still pending from while it was handled, which
                // would otherwise stop the process as soon as the default action is back.
                var ignore = sigaction()
                ignore.__sigaction_handler.sa_handler = SIG_IGN
                sigemptyset(&ignore.sa_mask)
                if signo == SIGTSTP { sigaction(signo, &ignore, nil) }
                var old = old
                sigaction(signo, &old, nil)
            }
            s.previous = [:]
            s.source?.cancel()
            s.source = nil
        }
    }

    /// Stops the process as the default action of SIGTSTP would, and returns once it is continued.
    static func suspendProcess() {
        var defaultAction = sigaction()
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&defaultAction.sa_mask)
        var old = sigaction()
        sigaction(SIGTSTP, &defaultAction, &old)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        var oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &oldMask)
        // Sent to this thread, unblocked, with the default action: the whole process stops here
        // (unless its process group is orphaned, where the kernel drops it).
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &oldMask, nil)
        sigaction(SIGTSTP, &old, nil)
    }

    /// Whether `action` is SIG_IGN (function pointers are not Equatable; SIG_IGN is address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }

    private static func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(signalPipe.read, &buffer, buffer.count)
        guard count > 0 else { return }
        let handlers = state.withLock { Array($0.handlers.values) }
        for byte in buffer[0..<count] {
            for handler in handlers { handler(Int32(byte)) }
        }
    }

    /// Makes the process-wide pipe once; its ends stay open for the process's life.
    private static func installPipe() -> Bool {
        if signalPipe.read >= 0 { return true }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        signalPipe = (fds[0], fds[1])
        return true
    }
}

/// The pipe's ends. Written once (under `SignalWatch.state`'s lock) before any handler is
/// installed; the handler only reads it.
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)

/// Async-signal-safe: one `write` of one byte to a non-blocking pipe, errno preserved.
private func lifecycleSignalHandler(_ signo: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signo)
    _ = write(signalPipe.write, &byte, 1)
    errno = saved
}
