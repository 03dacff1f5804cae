import CLinux
import Foundation
import Localization
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
    private let failureLock = NSLock()
    private var lastFailure: String?

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

    /// Where the agent keeps the notifications still shown, for clicks on them after a restart.
    public static func shownNotificationsPath(home: String) -> String { home + "/agent-shown" }

    /// Tells a running agent that the reminders changed (does nothing when none runs).
    public static func poke(home: String) {
        AgentSocket.poke(socketPath(home: home))
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
    ///
    /// The loop itself never waits on D-Bus: deliveries run on a worker thread and logind is
    /// watched from another, so a signal is handled at once even while a bus does not answer.
    /// - Returns: false when another agent already runs for this data directory.
    /// - Throws: `AgentError` when a descriptor cannot be made or the socket path is too long,
    ///   `FileError` for the data directory or the lock file.
    public func run() throws -> Bool {
        // Signals arrive through a signalfd; block them first so every thread inherits that.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        let masked = pthread_sigmask(SIG_BLOCK, &signals, nil)
        guard masked == 0 else { throw AgentError.system(call: "pthread_sigmask", errno: masked) }

        try SecureFile.makeDirectory(home)
        let lockFD = open(Self.lockPath(home: home), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else { throw FileError(path: Self.lockPath(home: home), errno: errno) }
        defer { close(lockFD) }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else { return false }

        let signalFD = try Self.check("signalfd", signalfd(-1, &signals, Int32(SFD_CLOEXEC)))
        defer { close(signalFD) }
        let timerFD = try Self.check("timerfd_create", timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC)))
        defer { close(timerFD) }
        let socketFD = try AgentSocket.bind(Self.socketPath(home: home))
        defer {
            close(socketFD)
            unlink(Self.socketPath(home: home))
        }
        var wake: [Int32] = [-1, -1]
        _ = try Self.check("pipe", pipe(&wake))
        defer { for fd in wake { close(fd) } }
        for fd in wake {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }

        let resume = ResumeWatch(wakeFD: wake[1])
        defer { resume.close() }
        let delivery = DeliveryWorker(deliver: { [self] in deliverDue() }) { [self] in
            // Said once everything due at start is out and the agent waits.
            log(tr("Checklists agent started (notifications: %@, fallback: log).", notifier.name))
        }
        defer { delivery.stop(timeout: 0.5) }
        delivery.request()
        while true {
            try arm(timerFD, at: try nextWake())
            var fds = [signalFD, timerFD, socketFD, wake[0]].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                throw AgentError.system(call: "poll", errno: errno)
            }
            if fds[0].revents != 0 {
                var info = signalfd_siginfo()
                let n = read(signalFD, &info, MemoryLayout<signalfd_siginfo>.size)
                if n == MemoryLayout<signalfd_siginfo>.size, info.ssi_signo != UInt32(SIGHUP) {
                    log(tr("Checklists agent stopped."))
                    return true
                }
            }
            for index in 1..<fds.count where fds[index].revents != 0 { drain(fds[index].fd) }
            delivery.request()
        }
    }

    /// Shows what is due now and marks it delivered — after a successful show, so that a crash
    /// repeats a notification rather than losing it.
    func deliverDue() {
        // A reminders file moved away (damaged) is replaced by the next command: follow it.
        do { try center.reopenIfReplaced() } catch { log("\(error)") }
        // First what a command was killed before doing: its reminder changes wait in the outbox.
        do { try ReminderOutbox.drain(directory: home, into: center) } catch {
            log(tr("Cannot apply the pending reminder changes: %@", "\(error)"))
        }
        guard center.authorizationStatus == .authorized else { return }
        let now = Date()
        guard let due = try? center.due(at: now), !due.isEmpty else { return }
        // Once the notifier failed (a daemon that never answers costs its 3 s timeout), the others
        // due now go to the log at once rather than each waiting out the same timeout.
        var notifierFailed = false
        for notice in DeliveryPlan(due: due, now: now).notices {
            // A slow daemon makes a pass long: an item deleted, checked or moved since it began
            // is not shown (one of a summary's still pending keeps the summary).
            guard notice.requests.contains(where: { (try? center.isPending($0)) ?? true }) else { continue }
            if notifierFailed {
                try? fallback.show(notice)
            } else {
                do { try notifier.show(notice) } catch {
                    noteFailure("\(error)")
                    notifierFailed = true
                    try? fallback.show(notice)
                }
            }
            do { try center.markDelivered(notice.requests, at: now) } catch {
                log(tr("Cannot record a delivery: %@", "\(error)"))
            }
        }
    }

    /// The next time to wake: the next future reminder (due ones wait while notifications are off).
    func nextWake() throws -> Date? {
        _ = try? center.reopenIfReplaced()
        let now = Date()
        return try center.pendingNotificationRequests().first { $0.trigger.date > now }?.trigger.date
    }

    /// Logs why the notifier failed, once for each new reason.
    private func noteFailure(_ reason: String) {
        let isNew = failureLock.withLock {
            defer { lastFailure = reason }
            return lastFailure != reason
        }
        if isNew { log(tr("Desktop notifications are unavailable (%@); reminders go to this log.", reason)) }
    }

    private func arm(_ fd: Int32, at date: Date?) throws(AgentError) {
        var spec = itimerspec()
        if let date {
            let seconds = max(date.timeIntervalSince1970, 1)
            spec.it_value.tv_sec = Int(seconds)
            spec.it_value.tv_nsec = Int((seconds - seconds.rounded(.down)) * 1e9)
        }
        // Absolute wall-clock time; a clock change cancels the wait so the loop re-plans.
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        _ = try Self.check("timerfd_settime", timerfd_settime(fd, flags, &spec, nil))
    }

    private func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        _ = read(fd, &buffer, buffer.count)
    }

    /// `result`, or `AgentError.system` with errno when it is negative.
    private static func check(_ call: String, _ result: Int32) throws(AgentError) -> Int32 {
        guard result >= 0 else { throw AgentError.system(call: call, errno: errno) }
        return result
    }
}
