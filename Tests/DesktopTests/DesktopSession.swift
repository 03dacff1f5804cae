import Foundation
import TestSupport

/// One run of the desktop app under Xvfb and a private session bus, driven by an AT-SPI
/// scenario (`scripts/*.py`, through `scripts/run-scenario.sh`).
struct DesktopSession {
    let dir = TemporaryDirectory("desktop")
    var home: String { dir.appending("home") }

    /// The CLI (CHECKLISTS_BIN) and the desktop app beside it.
    static let cli = CLIRunner.binary
    static let app = URL(fileURLWithPath: cli).deletingLastPathComponent().appendingPathComponent("checklists-gtk").path
    /// The source tree (the rigs are under `scripts/`).
    static let root = ProcessInfo.processInfo.environment["CHECKLISTS_ROOT"] ?? FileManager.default.currentDirectoryPath
    static let scripts = root + "/Tests/DesktopTests/scripts"

    /// Whether this machine can run the desktop tests (the packages `make bootstrap` installs).
    static var available: Bool {
        let needed = [
            "/usr/bin/Xvfb", "/usr/bin/dbus-run-session", "/usr/bin/xdotool", "/usr/bin/xwininfo", "/usr/bin/import",
        ]
        return needed.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
            && FileManager.default.isExecutableFile(atPath: app)
    }

    /// The environment of the app, the CLI and the scenario.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "XDG_CONFIG_HOME": dir.appending("config"),
            "XDG_CACHE_HOME": dir.appending("cache"), "CHECKLISTS_PASSCODE_COST": "min",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus", "CHECKLISTS_BIN": Self.cli,
            "DESKTOP_TIMEOUT": "60", "CHECKLISTS_ROOT": Self.root,
        ].merging(extra) { $1 }
    }

    var cli: CLIRunner { CLIRunner(home: home, environment: environment()) }

    /// Runs `scenario` and returns its output (which ends with PASSED when it passed).
    func run(_ scenario: String, _ extra: [String: String] = [:]) async throws -> String {
        try FileManager.default.createDirectory(atPath: dir.appending("run"), withIntermediateDirectories: true)
        let result = try await Self.execute(
            Self.scripts + "/run-scenario.sh", [Self.app, scenario], environment(extra))
        let output = result.stdout + result.stderr
        // Once in several full runs the app could not reach the private X server that had just
        // answered xdpyinfo (the script prints the display's state); that says nothing about the
        // app, so the scenario runs once more on a new display, and both outputs are kept.
        guard output.contains("cannot open display") else { return output }
        let again = try await Self.execute(Self.scripts + "/run-scenario.sh", [Self.app, scenario], environment(extra))
        return "--- first attempt (no display):\n" + output + "--- second attempt:\n" + again.stdout + again.stderr
    }

    /// Runs a program to its end on a thread of its own. A scenario waits on its processes for
    /// seconds to minutes (the idle test a minute and a half); on Swift's cooperative pool, which
    /// has a thread per core (two here), that wait would hold back the tests of every other suite.
    static func execute(_ path: String, _ arguments: [String], _ environment: [String: String]) async throws
        -> CLIRunner.Result
    {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try CLIRunner.execute(path, arguments, environment: environment) })
            }
            thread.start()
        }
    }
}
