import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGHUP (the terminal went away), SIGTERM and SIGINT (Ctrl-C) while the UI runs: the handler
/// only writes the signal's number to a pipe that the loop polls with the keys, so the loop ends
/// the UI itself — a note being typed is saved, the terminal given back — and the process exits
/// with 128 + the signal. Their default action (or ncurses' own handler) would end the process
/// at once and lose what was typed.
final class TerminationSignals {
    static let caught: [Int32] = [SIGHUP, SIGTERM, SIGINT]

    /// The pipe's read end: readable once a signal came.
    let fd: Int32
    private let writeEnd: Int32
    private var previous: [(Int32, sigaction)] = []

    /// Installs the handlers; nil when no pipe can be made (the signals keep their actions).
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        fd = fds[0]
        writeEnd = fds[1]
        terminationWriter.store(writeEnd, ordering: .sequentiallyConsistent)
        for signo in Self.caught {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = noteTerminationSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            // One ignored when the UI started (nohup, a job started with `&`) stays ignored: a
            // hung-up terminal still ends the UI, as end-of-file on its input.
            guard sigaction(signo, nil, &old) == 0, !Self.isIgnored(old) else { continue }
            if sigaction(signo, &action, nil) == 0 { previous.append((signo, old)) }
        }
    }

    /// Whether `action` is SIG_IGN (function pointers are not Equatable; SIG_IGN is address 1).
    private static func isIgnored(_ action: sigaction) -> Bool {
        action.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } == 1
    }

    /// Puts the previous actions back (a signal from now on acts as it did before the UI).
    func stop() {
        for (signo, old) in previous {
            var old = old
            sigaction(signo, &old, nil)
        }
        previous = []
        terminationWriter.store(-1, ordering: .sequentiallyConsistent)
    }

    deinit {
        stop()
        close(fd)
        close(writeEnd)
    }

    /// The first signal that came, if any (without waiting).
    func received() -> Int32? {
        var byte: UInt8 = 0
        guard read(fd, &byte, 1) == 1 else { return nil }
        return Int32(byte)
    }

    /// Whether a signal is waiting to be taken, without taking it.
    var isPending: Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}

/// The pipe end the handler writes to (-1: none).
private let terminationWriter = Atomic<Int32>(-1)

/// Async-signal-safe: one `write` of one byte to a non-blocking pipe, errno preserved.
private func noteTerminationSignal(_ signo: Int32) {
    let saved = errno
    let fd = terminationWriter.load(ordering: .sequentiallyConsistent)
    if fd >= 0 {
        var byte = UInt8(truncatingIfNeeded: signo)
        _ = write(fd, &byte, 1)
    }
    errno = saved
}
