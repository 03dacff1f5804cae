import ChecklistsKit
import DBus
import Dispatch
import Foundation
import Synchronization

/// The events that make the app resign or become active, from every source the machine has:
/// logind's session `Lock`/`Unlock` and `PrepareForSleep` (system bus), the screensaver's
/// `ActiveChanged` (session bus, `org.freedesktop.ScreenSaver` and `org.gnome.ScreenSaver`), an
/// idle timer reset by `noteActivity()`, SIGTSTP/SIGCONT, and focus changes the UI reports.
///
/// Every source is optional: a missing bus, or one that never answers, only leaves its events
/// out. Each reason is a state that several sources may hold (logind and the screensaver both
/// say "locked"): `.resign(reason)` comes when the first source takes it, `.becomeActive` when
/// the last one lets go, so a UI sees each reason alternate. SIGCONT is the exception: it always
/// reports `.becomeActive(.resumed)`, since a stop by SIGSTOP gives no notice first.
///
/// Handlers run on one serial queue, in the order the events happened.
///
/// Ctrl-Z: while this watches signals, SIGTSTP no longer stops the process by itself. On
/// `.resign(.suspended)` the terminal UI saves, restores the terminal, then calls
/// `LifecycleEvents.suspendProcess()`, which re-raises SIGTSTP with its default action and
/// returns when the shell continues the job (`fg`); `.becomeActive(.resumed)` follows.
public final class LifecycleEvents: Sendable {
    /// What to watch.
    public struct Configuration: Sendable {
        /// logind's bus; nil leaves out session locks and sleep.
        public var systemBus: DBusConnection.Bus?
        /// The screensaver's bus; nil leaves out the screensaver.
        public var sessionBus: DBusConnection.Bus?
        /// The logind session to use when `GetSessionByPID` finds none (`$XDG_SESSION_ID`).
        public var sessionID: String?
        /// Seconds without `noteActivity()` before `.resign(.idle)`; nil: no idle timer.
        public var idleTimeout: Double?
        /// Whether SIGTSTP and SIGCONT are turned into events.
        public var watchesSignals: Bool
        /// Seconds to wait for a bus to connect or answer one call.
        public var busTimeout: Double

        public init(
            systemBus: DBusConnection.Bus? = .system, sessionBus: DBusConnection.Bus? = .session,
            sessionID: String? = ProcessInfo.processInfo.environment["XDG_SESSION_ID"], idleTimeout: Double? = nil,
            watchesSignals: Bool = true, busTimeout: Double = 2
        ) {
            self.systemBus = systemBus
            self.sessionBus = sessionBus
            self.sessionID = sessionID
            self.idleTimeout = idleTimeout
            self.watchesSignals = watchesSignals
            self.busTimeout = busTimeout
        }
    }

    /// The sources that came up.
    public struct Sources: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// logind session `Lock`/`Unlock` (a session was found).
        public static let sessionLock = Sources(rawValue: 1 << 0)
        /// logind `PrepareForSleep`.
        public static let sleep = Sources(rawValue: 1 << 1)
        /// Screensaver `ActiveChanged`.
        public static let screenSaver = Sources(rawValue: 1 << 2)
        /// The idle timer.
        public static let idleTimer = Sources(rawValue: 1 << 3)
        /// SIGTSTP and SIGCONT.
        public static let signals = Sources(rawValue: 1 << 4)
    }

    /// Who holds a reason.
    enum Holder: Hashable {
        case logind, screenSaver(String), idle, signal, focus
    }

    struct State {
        var holds: [AppLifecycle.ResignReason: Set<Holder>] = [:]
        var observers: [UInt64: @Sendable (LifecycleEvent) -> Void] = [:]
        var nextObserver: UInt64 = 0
        var buses: [DBusConnection] = []
        var signalToken: UInt64?
        var idleTimer: IdleTimer?
        var started = false
        var busesStarted = false
        var stopped = false
    }

    public let configuration: Configuration
    let state = Mutex(State())
    let delivery = DispatchQueue(label: "ChecklistsApp.LifecycleEvents")
    /// Uptime in nanoseconds of the last `noteActivity()`.
    let lastActivity = Atomic<UInt64>(0)
    let isIdle = Atomic<Bool>(false)

    /// Whether the idle timer has resigned the app and no activity has been noted since.
    public var isIdleResigned: Bool { isIdle.load(ordering: .acquiring) }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    deinit { stop() }

    /// Starts every configured source and returns those that came up (call it once; later calls
    /// and calls after `stop()` return none). Never waits much longer than three times
    /// `busTimeout` (connect, then subscribe and find the session), however the buses behave.
    @discardableResult
    public func start() async -> Sources {
        var sources = claimFirstStart() ?? []
        guard claimBuses() else { return sources }
        async let system = startLogind()
        async let session = startScreenSaver()
        sources.formUnion(await system)
        sources.formUnion(await session)
        return sources
    }

    /// Instead of `start()`, for a configuration without buses: starts the idle timer and the
    /// signals at once, on the caller's thread, so the timer never waits for a free thread of
    /// the concurrency pool. Later calls, and `start()`, then start nothing.
    @discardableResult
    public func startWithoutBuses() -> Sources {
        let sources = claimFirstStart() ?? []
        _ = claimBuses()
        return sources
    }

    /// Starts the idle timer and the signals now, on the caller's thread; a later `start()`
    /// adds the buses. A front end calls it before it shows anything: `start()` runs on a
    /// detached task, which may wait for a free thread of the concurrency pool, and until the
    /// signals are watched a Ctrl-Z stops the process without the lock (the terminal UI came
    /// back from `fg` unlocked under load).
    @discardableResult
    public func startLocalSources() -> Sources {
        claimFirstStart() ?? []
    }

    /// Marks the buses started; false when they were, or `stop()` came first.
    private func claimBuses() -> Bool {
        state.withLock { s in
            defer { s.busesStarted = true }
            return !s.busesStarted && !s.stopped
        }
    }

    /// Marks the sources started and starts the idle timer and the signals, on the caller's
    /// thread; nil when an earlier start (or `stop()`) came first.
    private func claimFirstStart() -> Sources? {
        let first = state.withLock { s in
            defer { s.started = true }
            return !s.started && !s.stopped
        }
        guard first else { return nil }
        var sources: Sources = []
        if let timeout = configuration.idleTimeout, startIdleTimer(timeout) { sources.insert(.idleTimer) }
        if configuration.watchesSignals, startSignals() { sources.insert(.signals) }
        return sources
    }

    /// Stops every source and closes the buses. Safe to call twice.
    public func stop() {
        let (buses, token, timer) = state.withLock { s in
            s.stopped = true
            defer {
                s.buses = []
                s.signalToken = nil
                s.idleTimer = nil
            }
            return (s.buses, s.signalToken, s.idleTimer)
        }
        timer?.source.cancel()
        if let token { SignalWatch.remove(token) }
        for bus in buses { bus.close() }
    }

    // MARK: - Subscribing

    /// Calls `handler` for each event, on the events' serial queue.
    /// - Returns: A token for `removeObserver`.
    @discardableResult
    public func addObserver(_ handler: @escaping @Sendable (LifecycleEvent) -> Void) -> UInt64 {
        state.withLock { s in
            s.nextObserver += 1
            s.observers[s.nextObserver] = handler
            return s.nextObserver
        }
    }

    /// Stops calling the handler registered under `token`.
    public func removeObserver(_ token: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// The events from now on, as a stream; it ends when the consumer stops iterating.
    public func events() -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        let token = addObserver { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
        return stream
    }

    /// The reasons the app is resigned for right now (empty: active).
    public var resignedReasons: Set<AppLifecycle.ResignReason> {
        state.withLock { s in Set(s.holds.filter { !$0.value.isEmpty }.keys) }
    }

    // MARK: - Input from the UI

    /// Tells the idle timer that the user did something (a key, a click). Cheap: call it on
    /// every input. After an idle resign it brings `.becomeActive(.activity)`.
    public func noteActivity() {
        lastActivity.store(Self.uptime(), ordering: .relaxed)
        if isIdle.exchange(false, ordering: .acquiringAndReleasing) {
            release(.idle, by: .idle)
            armIdleTimer()
        }
    }

    /// Reports a focus change the UI saw (e.g. xterm focus events, a window's focus).
    public func noteFocus(_ focused: Bool) {
        if focused { release(.focusLost, by: .focus) } else { hold(.focusLost, by: .focus) }
    }

    /// Stops the process the way Ctrl-Z would have without a handler, and returns once it is
    /// continued. Call it after handling `.resign(.suspended)` (terminal restored). Does nothing
    /// when the kernel would not stop the job (an orphaned process group).
    public static func suspendProcess() {
        SignalWatch.suspendProcess()
    }

    // MARK: - Holding reasons

    /// `holder` takes `reason`; the first holder brings `.resign(reason)`.
    func hold(_ reason: AppLifecycle.ResignReason, by holder: Holder) {
        state.withLock { s in
            guard !s.stopped else { return }
            let wasHeld = !(s.holds[reason]?.isEmpty ?? true)
            s.holds[reason, default: []].insert(holder)
            if !wasHeld { deliver(.resign(reason), in: s) }
        }
    }

    /// `holder` lets go of `reason`; the last one brings `.becomeActive`.
    /// - Parameter always: Report `.becomeActive` even if nobody held the reason.
    func release(_ reason: AppLifecycle.ResignReason, by holder: Holder, always: Bool = false) {
        state.withLock { s in
            guard !s.stopped else { return }
            let removed = s.holds[reason]?.remove(holder) != nil
            let stillHeld = !(s.holds[reason]?.isEmpty ?? true)
            if (removed || always) && !stillHeld { deliver(.becomeActive(ActiveReason(undoing: reason)), in: s) }
        }
    }

    /// Queues `event` for the observers; called under the state lock so events keep their order.
    private func deliver(_ event: LifecycleEvent, in s: State) {
        let handlers = Array(s.observers.values)
        delivery.async { for handler in handlers { handler(event) } }
    }

    static func uptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}
