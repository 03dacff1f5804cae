import ChecklistsApp
import ChecklistsKit
import Foundation
import Synchronization

/// The terminal UI's main loop: draws a frame, then blocks until a key, a session event
/// (another process's change, a lock) or a lifecycle event arrives — nothing runs while nothing
/// happens. Events from other threads are queued and wake the loop through a pipe.
final class TerminalLoop: @unchecked Sendable {
    enum Inbound: Sendable {
        case session(SessionEvent)
        case lifecycle(LifecycleEvent)
    }

    let app: TerminalApp
    let display: CursesDisplay
    let lifecycle: LifecycleEvents?
    private let inbox = Mutex<[Inbound]>([])
    let wake: (read: Int32, write: Int32)
    /// The fingerprint prompt's key watcher, while one is shown.
    var fingerprintWatch: FingerprintWatch?
    /// A line the presenter shows under the lock screen while a prompt is up.
    var promptLine: String?
    /// The idle timer, following the app's idle timeout.
    private(set) var idle: IdleWatch?
    /// SIGHUP, SIGTERM and Ctrl-C, watched with the keys.
    let signals: TerminationSignals?
    /// What the process exits with: 0 when the user quit, 128 + the signal when one ended the UI
    /// (129 when the terminal went away).
    private(set) var exitStatus: Int32 = 0

    init(app: TerminalApp, display: CursesDisplay, lifecycle: LifecycleEvents?, signals: TerminationSignals? = nil) {
        self.app = app
        self.display = display
        self.lifecycle = lifecycle
        self.signals = signals
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        wake = (fds[0], fds[1])
        idle = IdleWatch { [weak self] event in self?.post(.lifecycle(event)) }
        idle?.apply(app.idleTimeout)
    }

    deinit {
        idle?.stop()
        close(wake.read)
        close(wake.write)
    }

    /// Queues an event from any thread and wakes the loop.
    func post(_ event: Inbound) {
        inbox.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Runs until the user quits; `afterFirstFrame` runs once the first frame is out.
    func run(afterFirstFrame: () -> Void) {
        draw()
        afterFirstFrame()
        while !app.isFinished {
            // The lock screen prompts at once (and again after Enter); otherwise it waits for keys.
            if let lock = app.top as? LockScreen, lock.wantsPrompt, !(signals?.isPending ?? false) {
                app.promptIfNeeded()
                promptLine = nil
                draw()
                continue
            }
            waitForInput()
            handlePending()
            // A new idle timeout (Settings, or the CLI's change seen as an event) applies at once.
            idle?.apply(app.idleTimeout)
            // A prompt a key brought up (the lock switch, the secret) is over once the key is handled.
            promptLine = nil
            draw()
        }
    }

    /// Blocks until standard input, the wake pipe or the signal pipe is readable.
    func waitForInput() {
        var fds = [
            pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals?.fd ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 3, -1)
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { terminalGone = true }
    }

    /// Whether standard input hung up (the terminal closed): it reads end-of-file or fails from
    /// now on, and waiting for it returns at once, so the loop would spin.
    private var terminalGone = false

    /// Ends the UI as a signal asks: the note being typed is saved (as leaving its screen does;
    /// a half-typed item or list form is dropped, as Cancel does) and the loop stops. A second
    /// signal while the UI closes acts as it did before the UI (ends the process at once).
    func end(signal: Int32) {
        app.saveBeforeExit()
        signals?.stop()
        app.quit()
        exitStatus = 128 + signal
    }

    /// Handles queued events, then every key already typed.
    func handlePending() {
        if let signal = signals?.received() {
            end(signal: signal)
            return
        }
        var byte = [UInt8](repeating: 0, count: 64)
        while read(wake.read, &byte, byte.count) > 0 {}
        for event in inbox.withLock({ events in
            defer { events = [] }; return events
        }) {
            switch event {
            case .session(let event): app.handle(event)
            case .lifecycle(let event): handle(event)
            }
        }
        while let key = display.readKey() {
            lifecycle?.noteActivity()
            idle?.noteActivity()
            switch key {
            case .focus(let focused): lifecycle?.noteFocus(focused)
            case .resize: break
            default: app.handle(key)
            }
            if app.isFinished { return }
        }
        if terminalGone { end(signal: SIGHUP) }
    }

    /// Resign and become active: the session acts, Ctrl-Z stops the process with the terminal
    /// given back, and with the app lock on the lock screen comes up (and prompts at once).
    func handle(_ event: LifecycleEvent) {
        switch event {
        case .resign(let reason):
            app.resignActive(reason)
            if reason == .suspended {
                // A terminal without an alternate screen (the Linux console, vt100) keeps the last
                // frame while the process is stopped: the lock screen, not the form being typed.
                draw()
                display.suspend()
                LifecycleEvents.suspendProcess()
                display.resume()
            }
        case .becomeActive: app.becomeActive()
        }
    }

    /// Draws the current frame and the presenter's line: over the lock screen, or on the bottom
    /// line of any other screen (Settings' lock switch and the Secret prompt there too).
    func draw() {
        let (width, height) = display.size
        var canvas = app.render(width: width, height: height)
        if let promptLine {
            if app.top is LockScreen {
                canvas.put(height - 3, "   " + promptLine, .bold)
            } else {
                canvas.put(height - 1, " " + promptLine, .bold)
            }
        }
        display.draw(canvas)
    }
}
