import CLinux
import DBus
import Foundation
import PrivateFiles
import Reminders

/// The background agent: sleeps until the next reminder is due — no polling — and delivers it.
///
/// It wakes on its timer (a timerfd on the wall clock, cancelled when the clock is set), a poke
/// on its socket from the CLI after a change, resume from suspend (logind `PrepareForSleep(false)`)
/// and SIGHUP; SIGTERM and SIGINT stop it. It reads only the reminders store, never the data key.
public final class ReminderAgent: @unchecked Sendable {
    let center: Reminders.NotificationCenter
    let notifier: any Notifier
    let fallback: LogNotifier
    let home: String
    let log: @Sendable (String) -> Void

    public init(
        center: Reminders.NotificationCenter, notifier: any Notifier, home: String,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.center = center
        self.notifier = notifier
        self.home = home
        self.log = log
        fallback = LogNotifier(write: log)
    }

    /// The agent's lock file: one agent per data directory (per user).
    public static func lockPath(home: String) -> String { home + "/agent.lock" }
    /// The socket the CLI pokes after a change.
    public static func socketPath(home: String) -> String { home + "/agent.sock" }

    /// Tells a running agent that the reminders changed (does nothing when none runs).
    public static func poke(home: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = Self.address(socketPath(home: home))
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, "!", 1, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Whether an agent holds the lock for `home`.
    public static func isRunning(home: String) -> Bool {
        let fd = open(lockPath(home: home), O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    /// Runs until SIGTERM or SIGINT.
    /// - Returns: false when another agent already runs for this data directory.
    public func run() throws -> Bool {
        // Signals arrive through a signalfd; block them first so every thread inherits that.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        try SecureFile.makeDirectory(home)
        let lockFD = open(Self.lockPath(home: home), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw FileError(path: Self.lockPath(home: home), errno: errno) }
        defer { close(lockFD) }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else { return false }

        let signalFD = signalfd(-1, &signals, Int32(SFD_CLOEXEC))
        let timerFD = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC))
        let socketFD = try bindSocket()
        var wake: [Int32] = [0, 0]
        pipe(&wake)
        defer {
            for fd in [signalFD, timerFD, socketFD, wake[0], wake[1]] { close(fd) }
            unlink(Self.socketPath(home: home))
        }
        let logind = watchResume(wakeFD: wake[1])
        defer { logind?.close() }
        var started = false
        while true {
            deliverDue()
            arm(timerFD, at: try nextWake())
            if !started {
                // Said once everything due at start is out and the agent is about to wait.
                log("Checklists agent started (notifications: \(notifier.name), fallback: log).")
                started = true
            }
            var fds = [signalFD, timerFD, socketFD, wake[0]].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 && errno != EINTR { throw FileError(path: "poll", errno: errno) }
            if fds[0].revents != 0 {
                var info = signalfd_siginfo()
                _ = read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size)
                if info.ssi_signo != UInt32(SIGHUP) {
                    log("Checklists agent stopped.")
                    return true
                }
            }
            for index in 1..<fds.count where fds[index].revents != 0 { drain(fds[index].fd) }
        }
    }

    /// Shows what is due now and marks it delivered — after a successful show, so that a crash
    /// repeats a notification rather than losing it.
    func deliverDue() {
        // First what a command was killed before doing: its reminder changes wait in the outbox.
        do { try ReminderOutbox.drain(directory: home, into: center) } catch {
            log("Cannot apply the pending reminder changes: \(error)")
        }
        guard center.authorizationStatus == .authorized else { return }
        let now = Date()
        guard let due = try? center.due(at: now), !due.isEmpty else { return }
        for notice in DeliveryPlan(due: due, now: now).notices {
            do {
                try notifier.show(notice)
            } catch {
                try? fallback.show(notice)
            }
            do { try center.markDelivered(notice.identifiers, at: now) } catch {
                log("Cannot record a delivery: \(error)")
            }
        }
    }

    /// The next time to wake: the next future reminder (due ones wait while notifications are off).
    func nextWake() throws -> Date? {
        let now = Date()
        return try center.pendingNotificationRequests().first { $0.trigger.date > now }?.trigger.date
    }

    private func arm(_ fd: Int32, at date: Date?) {
        var spec = itimerspec()
        if let date {
            let seconds = max(date.timeIntervalSince1970, 1)
            spec.it_value.tv_sec = Int(seconds)
            spec.it_value.tv_nsec = Int((seconds - seconds.rounded(.down)) * 1e9)
        }
        // Absolute wall-clock time; a clock change cancels the wait so the loop re-plans.
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    private func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = read(fd, &buffer, buffer.count)
    }

    private func bindSocket() throws -> Int32 {
        let path = Self.socketPath(home: home)
        unlink(path)
        let fd = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = Self.address(path)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard fd >= 0, rc == 0 else { throw FileError(path: path, errno: errno) }
        chmod(path, 0o600)
        return fd
    }

    /// Subscribes to logind's PrepareForSleep; on resume (false) it wakes the loop.
    private func watchResume(wakeFD: Int32) -> DBusConnection? {
        guard let bus = try? DBusConnection(bus: .system) else { return nil }
        _ = bus.subscribe(
            sender: nil, path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager",
            member: "PrepareForSleep"
        ) { _, _, arguments in
            if arguments.first?.bool == false { _ = write(wakeFD, "w", 1) }
        }
        return bus
    }

    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        return address
    }
}
