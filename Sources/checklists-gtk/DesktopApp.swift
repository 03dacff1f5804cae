import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import LocalAuthentication

/// The application: builds the session with the window's presenter, opens the window on
/// `activate`, and follows the core's change and lifecycle events.
@MainActor
final class DesktopApp {
    /// The application ID: the window's, the desktop file's and the notifications'.
    static let applicationID = "io.github.checklists.Checklists"

    let presenter = WindowPresenter()
    let session: AppSession
    private var window: MainWindow?
    private var monitor: ChangeMonitor?
    private var lifecycle: LifecycleEvents?

    init() {
        let environment = ProcessInfo.processInfo.environment
        var configuration = AppSession.Configuration.live(environment: environment, presenter: presenter)
        configuration.passcodes = PresenterPasscodeEntry(presenter: presenter)
        session = AppSession(configuration: configuration)
    }

    /// Runs the GTK main loop until the window closes.
    /// - Returns: The exit status.
    func run() -> Int32 {
        let skipsGL = Self.skipGLWhenUnused(ProcessInfo.processInfo.environment)
        let app = adw_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)!
        Signals.connect(Cast.object(app), "activate") { [weak self] in
            if skipsGL { unsetenv("GDK_DEBUG") }  // GDK has read it; programs started later do not inherit it
            self?.activate(app)
        }
        MainQueueBridge.install()
        let status = g_application_run(Cast.to(GApplication.self, app), 0, nil)
        window?.commitPendingDeletes()
        session.close()
        return status
    }

    /// With the cairo renderer chosen (`GSK_RENDERER=cairo`) nothing is drawn with OpenGL, yet
    /// GDK 4.8 on X11 still probes GLX at start to pick a visual, loading Mesa: about 110 ms of a
    /// 350 ms start under Xvfb. Tells GDK to skip it, unless `GDK_DEBUG` is already set.
    /// - Returns: Whether it set `GDK_DEBUG`.
    static func skipGLWhenUnused(_ environment: [String: String]) -> Bool {
        guard environment["GSK_RENDERER"] == "cairo", environment["GDK_DEBUG"] == nil else { return false }
        return setenv("GDK_DEBUG", "gl-disable", 1) == 0
    }

    private func activate(_ app: UnsafeMutablePointer<AdwApplication>) {
        if let window {
            gtk_window_present(window.gtkWindow)
            return
        }
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(gdk_display_get_default()), Self.iconDirectory)
        var opened = false
        var failure: (any Error)?
        do { opened = try session.open() } catch { failure = error }
        let window = MainWindow(app: app, session: session, presenter: presenter)
        self.window = window
        presenter.window = window
        session.addObserver { event in
            DispatchQueue.main.async { MainActor.assumeIsolated { window.handle(event) } }
        }
        monitor = try? session.watchChanges()
        if ProcessInfo.processInfo.environment["CHECKLISTS_GTK_EXIT_AFTER_FIRST_FRAME"] == "1" {
            exitAfterFirstFrame(window.window)
        }
        if let id = MainWindow.itemArgument(CommandLine.arguments) { window.pendingItem = id }
        if let failure { return window.showStoreFailure(failure) }
        window.show(locked: !opened && session.isLocked)
        startLifecycle()
    }

    /// For the cold-start benchmark (bench/desktop.sh): exits once the window has painted its
    /// first frame. Changes nothing the user sees or how the app authenticates.
    private func exitAfterFirstFrame(_ widget: Widget) {
        Signals.connect(Cast.object(widget), "map") {
            guard let clock = gtk_widget_get_frame_clock(widget) else { return }
            Signals.connect(Cast.object(clock), "after-paint") { exit(0) }
        }
    }

    /// Session lock, screensaver and sleep from logind and the screensaver, and the idle timeout
    /// (keys and clicks in the window count as activity; no signals: a window is not stopped
    /// with Ctrl-Z).
    private func startLifecycle() {
        let minutes = session.lockSettings.idleMinutes
        let events = LifecycleEvents(
            configuration: .init(idleTimeout: minutes > 0 ? Double(minutes) * 60 : nil, watchesSignals: false))
        lifecycle = events
        // The lock screen does not prompt while the login session is locked or the machine
        // sleeps; a prompt on screen then is cancelled, and it prompts again when they are back.
        // One observer does it in order (what `session.follow` does, with the window's part
        // first): the session's resign waits for a prompt under way on the session queue, so
        // the prompt must be cancelled on the main thread before that.
        window?.isAway = { !events.resignedReasons.isDisjoint(with: [.sessionLocked, .sleep]) }
        let session = self.session
        events.addObserver { event in
            switch event {
            case .resign(let reason):
                if reason == .sessionLocked || reason == .sleep {
                    DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.window?.systemAway() } }
                }
                session.willResignActive(reason)
            case .becomeActive(let reason):
                session.didBecomeActive()
                if reason == .sessionUnlocked || reason == .wokeUp {
                    DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.window?.systemBack() } }
                }
            }
        }
        window?.onActivity = { events.noteActivity() }
        Task.detached { _ = await events.start() }
    }

    /// Where the app's icons are: `../share/icons` beside the executable when installed, else
    /// the source tree's `data/icons` (running from the build directory).
    static var iconDirectory: String {
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        let installed = prefix.appendingPathComponent("share/icons").path
        if FileManager.default.fileExists(atPath: installed + "/hicolor/scalable/apps") { return installed }
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("data/icons").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return installed
    }
}
