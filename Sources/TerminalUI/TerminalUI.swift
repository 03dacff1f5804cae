import CNcurses
import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication

/// The full-screen terminal UI: what `checklists` opens with no command on a terminal.
public enum TerminalUI {
    /// Whether standard input and output are both terminals (else the CLI prints the overview).
    public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// Runs the UI until the user quits.
    /// - Parameters:
    ///   - environment: The process environment (NO_COLOR, the locale).
    ///   - configure: The session's configuration for the UI's authentication presenter.
    /// - Returns: The exit status — 0, or 128 + the signal that ended the UI (129 when the
    ///   terminal went away, 130 for Ctrl-C, 143 for SIGTERM) — or nil when the terminal cannot be
    ///   driven (an unknown `TERM`): then nothing was shown and the caller prints the overview.
    public static func run(
        environment: [String: String], configure: (any AuthenticationPresenter) -> AppSession.Configuration
    ) -> Int32? {
        _ = setlocale(LC_ALL, "")
        let presenter = CursesPresenter()
        let session = AppSession(configuration: configure(presenter))
        let app = TerminalApp(session: session, unicode: cl_locale_is_utf8() != 0)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        guard let display = CursesDisplay(noColor: noColor) else { return nil }
        app.start()

        // The idle timer is the loop's own (`IdleWatch`), so that a new timeout applies at once.
        let lifecycle = LifecycleEvents(configuration: LifecycleEvents.Configuration())
        // After curses started: its own SIGINT/SIGTERM handlers would end the process at once.
        let signals = TerminationSignals()
        let loop = TerminalLoop(app: app, display: display, lifecycle: lifecycle, signals: signals)
        presenter.loop.withLock { $0 = loop }
        let observer = session.addObserver { [weak loop] event in loop?.post(.session(event)) }
        lifecycle.addObserver { [weak loop, session] event in
            // A session lock or sleep cancels a prompt on screen at once (the loop may be inside it).
            if event == .resign(.sessionLocked) || event == .resign(.sleep) {
                session.authentication.systemEvents.cancelEvaluations()
            }
            loop?.post(.lifecycle(event))
        }
        // Ctrl-Z and fg are watched before the first frame; the buses come up on a detached task.
        lifecycle.startLocalSources()
        Task.detached { await lifecycle.start() }
        // Changes from other processes are watched from the first frame on (start stays quick).
        // The UI's own writes are left out: each screen shows its change as it makes it (a toggle
        // its row, a form its list when it closes). Told apart by the store, not guessed: the
        // Checklist screen used to take any change within two seconds of its own write that left
        // the list's counts as shown for its echo, and kept showing an item renamed by the CLI.
        var monitor: ChangeMonitor?
        loop.run { monitor = try? session.watchChanges(excludingOwn: true) }

        monitor?.stop()
        lifecycle.stop()
        session.removeObserver(observer)
        presenter.loop.withLock { $0 = nil }
        display.suspend()
        session.willResignActive(.suspended)
        session.close()
        signals?.stop()
        return loop.exitStatus
    }
}
