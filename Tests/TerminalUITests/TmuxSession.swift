import Foundation
import TestSupport

/// The built `checklists` (or a shell) in a detached tmux session on a private server: keys go
/// in with `send-keys`, the screen comes back with `capture-pane`. Waits poll the screen with a
/// generous deadline, so a loaded machine only makes them slower.
final class TmuxSession: @unchecked Sendable {
    let socket: String
    let environment: [String: String]

    /// Starts `command` (argv) in an 80×24 (or `width`×`height`) window with exactly `environment`.
    init(_ command: [String], environment: [String: String], socket: String, width: Int = 80, height: Int = 24) throws {
        self.socket = socket
        self.environment = environment
        let env = environment.map { "\($0.key)=\($0.value)" }.sorted()
        let line = (["env", "-i"] + env + command).map(Self.quote).joined(separator: " ")
        try tmux(["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", line])
        try tmux(["set-option", "-t", "t", "remain-on-exit", "on"])
    }

    deinit { stop() }

    private let stopped = NSLock()
    private var isStopped = false

    /// Ends the server and the program in it, once, and returns when the server is gone. A test
    /// that stops one session and starts another on the same socket could otherwise connect to
    /// the dying server ("server exited unexpectedly"), or have the first session's deinit,
    /// which ARC may run right after its last use, kill the second server.
    func stop() {
        let first = stopped.withLock {
            defer { isStopped = true }
            return !isStopped
        }
        guard first else { return }
        _ = try? tmux(["kill-server"])
        // The socket stays; the server is gone once nothing answers on it ("no server running").
        let deadline = Date().addingTimeInterval(5)
        while (try? tmux(["list-sessions"])) != nil, Date() < deadline { usleep(10_000) }
    }

    /// Runs a tmux command on this server.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try CLIRunner.execute(
            "/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"])
        guard result.status == 0 else {
            throw RigError(name: "tmux", message: "\(arguments.first ?? "") failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// Types text as it is (no key names).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

    /// Presses named keys ("Enter", "Escape", "Space", "C-z", "Down").
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// The screen as text.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", "t"] + (escapes ? ["-e"] : []))
    }

    /// Waits until the screen shows `text`; returns the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20) throws -> String {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the screen no longer shows `text`.
    @discardableResult
    func waitForNo(_ text: String, timeout: TimeInterval = 20) throws -> String {
        try waitUntil("no \"\(text)\"", timeout: timeout) { !$0.contains(text) }
    }

    /// Waits until `condition` holds for the screen.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(30_000)
        }
        throw RigError(name: "tmux", message: "waited for \(what); the screen shows:\n\(last)")
    }

    /// Changes the window's size (the program sees SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", "\(width)", "-y", "\(height)"])
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
