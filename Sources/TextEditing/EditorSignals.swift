import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the editor so that a closed terminal or a stop request cannot leave the edit file behind.
///
/// While the editor runs, SIGHUP (the terminal closed) and SIGTERM are caught: they are passed on
/// to the editor, and once it has gone (at most 2 s later, else it is killed) `onSignal` cleans up
/// and the process exits with 128 + the signal. SIGINT and SIGQUIT are ignored here, as system(3)
/// and git do while an editor runs: Ctrl-C belongs to the editor, and if the editor dies of it,
/// its error status means nothing is saved. SIGKILL cannot be caught: `Editor.removeLeftovers`.
public enum EditorSignals {
    /// Runs `arguments` on our terminal and returns the exit status (128 + n if killed by signal n).
    public static func run(_ arguments: [String], environment: [String: String], onSignal: (Int32) -> Void) throws
        -> Int32
    {
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else { throw EditorError.pipe(errno: errno) }
        defer { wake.forEach { close($0) } }
        for fd in wake {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        // Touch the handler's state before any handler can run (first use of a global initialises it).
        caughtSignal.store(0, ordering: .sequentiallyConsistent)
        editorPID.store(0, ordering: .sequentiallyConsistent)
        wakeWriter.store(wake[1], ordering: .sequentiallyConsistent)
        let saved = install()
        defer {
            restore(saved)
            wakeWriter.store(-1, ordering: .sequentiallyConsistent)
        }
        guard let pid = spawn(arguments, environment: environment) else { return 127 }
        editorPID.store(pid, ordering: .sequentiallyConsistent)
        defer { editorPID.store(0, ordering: .sequentiallyConsistent) }
        while true {
            var status: Int32 = 0
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid {
                // The editor may die of the signal we passed on before this loop sees the signal.
                let signal = caughtSignal.load(ordering: .sequentiallyConsistent)
                if signal != 0 {
                    onSignal(signal)
                    exit(128 + signal)
                }
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            if done < 0 && errno != EINTR { return 127 }
            let signal = caughtSignal.load(ordering: .sequentiallyConsistent)
            if signal != 0 {
                stop(pid, signal, wake: wake[0])
                onSignal(signal)
                exit(128 + signal)
            }
            // SIGCHLD wakes the loop at once, but it is not to be relied on: another thread
            // may install its own handler or take the wake pipe (two edits at once in one
            // process, Foundation's Process), so the editor is looked for again every 250 ms.
            wait(for: wake[0], milliseconds: 250)
        }
    }
}

/// The signal caught while the editor runs (0: none), the editor's PID, and the pipe end the
/// handlers write to so that the waiting loop wakes, whichever thread the signal arrived on.
private let caughtSignal = Atomic<Int32>(0)
private let editorPID = Atomic<Int32>(0)
private let wakeWriter = Atomic<Int32>(-1)

/// SIGHUP/SIGTERM: remember it, pass it on to the editor, wake the loop. Async-signal-safe.
private func catchStop(_ signal: Int32) {
    let savedErrno = errno
    _ = caughtSignal.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
    let pid = editorPID.load(ordering: .sequentiallyConsistent)
    if pid > 0 { kill(pid, signal) }
    wakeLoop()
    errno = savedErrno
}

/// SIGCHLD: wake the loop to collect the editor.
private func catchChild(_ signal: Int32) {
    let savedErrno = errno
    wakeLoop()
    errno = savedErrno
}

private func wakeLoop() {
    let fd = wakeWriter.load(ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}

extension EditorSignals {
    fileprivate typealias Saved = [(Int32, sigaction)]

    fileprivate static let stopSignals: [Int32] = [SIGHUP, SIGTERM]
    fileprivate static let ignoredSignals: [Int32] = [SIGINT, SIGQUIT]

    fileprivate static func install() -> Saved {
        var saved: Saved = []
        func set(_ signal: Int32, _ handler: __sighandler_t?, flags: Int32 = 0) {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = flags
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { saved.append((signal, old)) }
        }
        for signal in stopSignals { set(signal, catchStop) }
        for signal in ignoredSignals { set(signal, SIG_IGN) }
        set(SIGCHLD, catchChild, flags: SA_NOCLDSTOP)
        return saved
    }

    fileprivate static func restore(_ saved: Saved) {
        for (signal, old) in saved {
            var old = old
            sigaction(signal, &old, nil)
        }
    }

    /// Starts the editor with default signal handling and nothing blocked.
    fileprivate static func spawn(_ arguments: [String], environment: [String: String]) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in stopSignals + ignoredSignals + [SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp) == 0 else { return nil }
        return pid
    }

    /// Passes `signal` on and gives the editor 2 s to go (it may save a recovery file, which the
    /// cleanup removes), then kills it.
    fileprivate static func stop(_ pid: pid_t, _ signal: Int32, wake: Int32) {
        kill(pid, signal)
        var status: Int32 = 0
        for _ in 0..<40 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            wait(for: wake, milliseconds: 50)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Sleeps until a handler writes to the pipe (or the timeout), then empties it.
    fileprivate static func wait(for fd: Int32, milliseconds: Int32) {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, milliseconds)
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
