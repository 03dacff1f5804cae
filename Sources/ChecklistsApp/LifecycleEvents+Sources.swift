import DBus
import Dispatch
import Foundation

// MARK: - Idle timer

extension LifecycleEvents {
    /// One one-shot timer, armed for the deadline (last activity + timeout); when it fires early
    /// because of newer activity it is armed again for the new deadline. No timer runs while idle.
    func startIdleTimer(_ timeout: Double) -> Bool {
        guard timeout > 0, timeout.isFinite else { return false }
        lastActivity.store(Self.uptime(), ordering: .relaxed)
        let timer = IdleTimer(DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ChecklistsApp.idle")))
        timer.source.setEventHandler { [weak self] in self?.idleTimerFired() }
        let kept = state.withLock { s -> Bool in
            guard !s.stopped else { return false }
            s.idleTimer = timer
            return true
        }
        guard kept else { return false }
        timer.source.schedule(deadline: .now() + timeout)
        timer.source.resume()
        return true
    }

    /// Arms the timer for the current deadline.
    func armIdleTimer() {
        guard let timeout = configuration.idleTimeout, let timer = state.withLock({ $0.idleTimer }) else { return }
        let deadline = lastActivity.load(ordering: .relaxed) &+ Self.nanoseconds(timeout)
        timer.source.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
    }

    private func idleTimerFired() {
        guard let timeout = configuration.idleTimeout else { return }
        let deadline = lastActivity.load(ordering: .relaxed) &+ Self.nanoseconds(timeout)
        if Self.uptime() >= deadline {
            if !isIdle.exchange(true, ordering: .acquiringAndReleasing) { hold(.idle, by: .idle) }
        } else {
            armIdleTimer()
        }
    }

    static func nanoseconds(_ seconds: Double) -> UInt64 {
        UInt64(min(max(seconds, 0), 1e9) * 1e9)
    }
}

/// The idle timer's dispatch source; its methods may be called from any thread.
final class IdleTimer: @unchecked Sendable {
    let source: any DispatchSourceTimer
    init(_ source: any DispatchSourceTimer) { self.source = source }
}

// MARK: - Signals

extension LifecycleEvents {
    func startSignals() -> Bool {
        guard
            let token = SignalWatch.add({ [weak self] signo in
                if signo == SIGTSTP { self?.hold(.suspended, by: .signal) }
                if signo == SIGCONT { self?.release(.suspended, by: .signal, always: true) }
            })
        else { return false }
        let kept = state.withLock { s -> Bool in
            guard !s.stopped else { return false }
            s.signalToken = token
            return true
        }
        if !kept { SignalWatch.remove(token) }
        return kept
    }
}

// MARK: - D-Bus

extension LifecycleEvents {
    static let logind = "org.freedesktop.login1"
    static let logindPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"
    static let screenSaverInterfaces = ["org.freedesktop.ScreenSaver", "org.gnome.ScreenSaver"]

    /// logind on the system bus: `PrepareForSleep` on the manager, `Lock`/`Unlock` on our session.
    func startLogind() async -> Sources {
        guard let bus = configuration.systemBus, let connection = await connect(bus) else { return [] }
        let timeout = configuration.busTimeout
        let sessionID = configuration.sessionID
        // Subscribing and finding the session are blocking calls; each is bounded by the timeout.
        let found = await BusConnector.withDeadline(timeout * 2 + 1) { [weak self] () -> Sources in
            guard let self else { return [] }
            var sources: Sources = []
            _ = connection.subscribe(
                sender: nil, path: Self.logindPath, interface: Self.managerInterface, member: "PrepareForSleep"
            ) { [weak self] _, _, arguments in
                guard let sleeping = arguments.first?.bool else { return }
                if sleeping { self?.hold(.sleep, by: .logind) } else { self?.release(.sleep, by: .logind) }
            }
            sources.insert(.sleep)
            guard let path = Self.sessionPath(connection, sessionID: sessionID, timeout: timeout) else {
                return sources
            }
            _ = connection.subscribe(sender: nil, path: path, interface: Self.sessionInterface, member: nil) {
                [weak self] member, _, _ in
                if member == "Lock" { self?.hold(.sessionLocked, by: .logind) }
                if member == "Unlock" { self?.release(.sessionLocked, by: .logind) }
            }
            sources.insert(.sessionLock)
            return sources
        }
        return found ?? []
    }

    /// Our session's object path, found as `loginctl` does: by our PID, else by `sessionID`.
    static func sessionPath(_ connection: DBusConnection, sessionID: String?, timeout: Double) -> String? {
        if let reply = try? connection.call(
            destination: logind, path: logindPath, interface: managerInterface, method: "GetSessionByPID",
            arguments: [.uint32(UInt32(truncatingIfNeeded: getpid()))], timeout: timeout),
            let path = reply.first?.string
        {
            return path
        }
        guard let sessionID, !sessionID.isEmpty else { return nil }
        let reply = try? connection.call(
            destination: logind, path: logindPath, interface: managerInterface, method: "GetSession",
            arguments: [.string(sessionID)], timeout: timeout)
        return reply?.first?.string
    }

    /// The screensaver's `ActiveChanged(b)` under both well-known interfaces, on any path (the
    /// service may start later; nothing is called on it).
    func startScreenSaver() async -> Sources {
        guard let bus = configuration.sessionBus, let connection = await connect(bus) else { return [] }
        let subscribed = await BusConnector.withDeadline(configuration.busTimeout * 2 + 1) { [weak self] () -> Bool in
            guard self != nil else { return false }
            for interface in Self.screenSaverInterfaces {
                _ = connection.subscribe(sender: nil, path: nil, interface: interface, member: "ActiveChanged") {
                    [weak self] _, _, arguments in
                    guard let active = arguments.first?.bool else { return }
                    if active {
                        self?.hold(.sessionLocked, by: .screenSaver(interface))
                    } else {
                        self?.release(.sessionLocked, by: .screenSaver(interface))
                    }
                }
            }
            return true
        }
        return subscribed == true ? .screenSaver : []
    }

    /// Connects within the timeout and keeps the connection for `stop()` (or closes it at once
    /// when stopped meanwhile).
    private func connect(_ bus: DBusConnection.Bus) async -> DBusConnection? {
        guard let connection = await BusConnector.connect(bus, timeout: configuration.busTimeout) else { return nil }
        let kept = state.withLock { s -> Bool in
            guard !s.stopped else { return false }
            s.buses.append(connection)
            return true
        }
        if !kept { connection.close() }
        return kept ? connection : nil
    }
}
