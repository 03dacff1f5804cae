/// The idle timeout as a lifecycle source of its own, so that a new setting (made in the UI's
/// settings, or by the CLI and seen as a change event) applies at once: the timer is replaced,
/// the rest of the lifecycle sources (buses, signals) stay as they are. The terminal UI and the
/// desktop app use it from their UI thread.
public final class IdleWatch {
    /// The timeout in force; nil: no idle timer.
    public private(set) var timeout: Double?
    private var events: LifecycleEvents?
    private let post: @Sendable (LifecycleEvent) -> Void
    /// A new timer replaced one that had resigned for idle: the next activity ends the idle
    /// time here, since the new timer has not seen it.
    private var carriesIdle = false

    /// - Parameter post: Receives `.resign(.idle)` and `.becomeActive(.activity)`, on another thread.
    public init(post: @escaping @Sendable (LifecycleEvent) -> Void) {
        self.post = post
    }

    deinit { events?.stop() }

    /// Uses `timeout` from now on (the idle time counts from now); nothing happens when it is
    /// the one in force.
    public func apply(_ timeout: Double?) {
        guard timeout != self.timeout else { return }
        carriesIdle = carriesIdle || (events?.isIdleResigned ?? false)
        events?.stop()
        events = nil
        self.timeout = timeout
        guard let timeout else { return }
        let events = LifecycleEvents(
            configuration: .init(systemBus: nil, sessionBus: nil, idleTimeout: timeout, watchesSignals: false))
        events.addObserver(post)
        // No buses and no signals: arm the timer now, on this thread (a detached task could
        // wait for a free thread of the concurrency pool for as long as it is busy).
        events.startWithoutBuses()
        self.events = events
    }

    /// A key or other input: the idle time starts again (after an idle resign: `.becomeActive`).
    public func noteActivity() {
        events?.noteActivity()
        guard carriesIdle else { return }
        carriesIdle = false
        post(.becomeActive(.activity))
    }

    /// Stops the timer.
    public func stop() {
        apply(nil)
    }
}
