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
    /// The idle timeout, replaced when the lock settings change (no restart).
    private var idle: IdleWatch?

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
        Self.addIconDirectory()
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
        var opened = false
        var failure: (any Error)?
        do { opened = try session.open() } catch { failure = error }
        let window = MainWindow(app: app, session: session, presenter: presenter)
        self.window = window
        presenter.window = window
        session.addObserver { event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    if case .changed(.settingsChanged(let names)) = event,
                        !names.isDisjoint(with: ["AppLock", "LockIdleMinutes"])
                    {
                        self?.applyIdleTimeout()
                    }
                    window.handle(event)
                }
            }
        }
        // The window shows its own content changes itself (toggles write off the main thread).
        monitor = try? session.watchChanges(excludingOwn: true)
        if let id = MainWindow.itemArgument(CommandLine.arguments) { window.pendingItem = id }
        if let failure { return window.showStoreFailure(failure) }
        window.show(locked: !opened && session.isLocked)
        startLifecycle()
    }

    /// Makes the app's icons findable through `XDG_DATA_DIRS` (where GTK's icon theme looks),
    /// set before GLib first reads it. Adding them with `gtk_icon_theme_add_search_path` once
    /// GTK and libadwaita had started (as `activate` did) left GTK 4.8 recomputing the style of
    /// every icon-bearing widget it revalidates (check marks, the row buttons' images): it
    /// doubled the CPU time of a keyboard focus move in a 10,000-item list (see
    /// bench/desktop-frames.sh and docs/BENCHMARKS.md).
    static func addIconDirectory() {
        let share = URL(fileURLWithPath: iconDirectory).deletingLastPathComponent().path
        let current = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"]
        if let value = dataDirectories(adding: share, to: current) { setenv("XDG_DATA_DIRS", value, 1) }
    }

    /// `XDG_DATA_DIRS` with `share` first, or nil when it is already there. Unset or empty
    /// means the specification's default, `/usr/local/share:/usr/share`.
    static func dataDirectories(adding share: String, to current: String?) -> String? {
        let value = (current?.isEmpty ?? true) ? "/usr/local/share:/usr/share" : current ?? ""
        let trimmed: (Substring) -> Substring = { $0.count > 1 && $0.hasSuffix("/") ? $0.dropLast() : $0 }
        let shareTrimmed = trimmed(Substring(share))
        if value.split(separator: ":").contains(where: { trimmed($0) == shareTrimmed }) { return nil }
        return share + ":" + value
    }

    /// The idle timeout in seconds while the lock is on: the lock's idle minutes; 0 is none.
    static func idleTimeout(for lock: LockSettings) -> Double? {
        lock.method == .off || lock.idleMinutes <= 0 ? nil : Double(lock.idleMinutes) * 60
    }

    /// Follows the lock settings as they are now (Preferences, or the CLI in another process).
    private func applyIdleTimeout() {
        idle?.apply(Self.idleTimeout(for: session.lockSettings))
    }

    /// Session lock, screensaver and sleep from logind and the screensaver, and the idle timeout
    /// (keys and clicks in the window count as activity; no signals: a window is not stopped
    /// with Ctrl-Z).
    private func startLifecycle() {
        let events = LifecycleEvents(configuration: .init(idleTimeout: nil, watchesSignals: false))
        lifecycle = events
        // The lock screen does not prompt while the login session is locked or the machine
        // sleeps; a prompt on screen then is cancelled, and it prompts again when they are back.
        // One observer does it in order (what `session.follow` does, with the window's part
        // first): the session's resign waits for a prompt under way on the session queue, so
        // the prompt must be cancelled on the main thread before that.
        window?.isAway = { !events.resignedReasons.isDisjoint(with: [.sessionLocked, .sleep]) }
        let session = self.session
        let follow: @Sendable (LifecycleEvent) -> Void = { event in
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
        events.addObserver(follow)
        let idle = IdleWatch(post: follow)
        self.idle = idle
        applyIdleTimeout()
        window?.onActivity = { idle.noteActivity() }
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
