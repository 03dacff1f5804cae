import Foundation
import TestSupport
import Testing

/// The built binary in tmux ended from outside while a note is being typed: the terminal closed
/// (SIGHUP), SIGTERM, Ctrl-C. The typed text is saved, the process exits with 128 + the signal
/// and does not linger.
///
/// The UI runs under a shell that writes its exit status to a file once it has gone (tmux's own
/// `pane_dead_status` is not always there: it marks the pane dead when the terminal closes, and
/// may not record the status it collects later). The shell's trap lets it outlive the signal;
/// in the UI the signals have their default actions again, as exec resets caught signals.
@Suite(.serialized) struct TerminalUIHangupTests {
    let dir = TemporaryDirectory("checklists-tuihup")
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }
    var statusFile: String { dir.appending("status") }

    /// `checklists` under the status-keeping shell, on a terminal, on the Notes screen.
    func start() throws -> TmuxSession {
        let script = "trap 'kept=1' HUP INT TERM; \"$0\"; echo $? > \(TmuxSession.quote(statusFile))"
        return try start(["/bin/sh", "-c", script, CLIRunner.binary])
    }

    /// `command` on a terminal, on the Notes screen.
    func start(_ command: [String]) throws -> TmuxSession {
        _ = try cli.run("lists")
        var env = cli.environment
        env["TERM"] = "screen"
        let tui = try TmuxSession(command, environment: env, socket: dir.appending("tmux"))
        try tui.waitFor("? help")
        try tui.press("2")
        try tui.waitFor("[2 Notes]")
        return tui
    }

    /// The pane's first process.
    func panePID(_ tui: TmuxSession) throws -> pid_t {
        try #require(pid_t(try tui.tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmed))
    }

    /// The UI under the status-keeping shell: the shell's child.
    func uiPID(_ tui: TmuxSession) throws -> pid_t {
        let shell = try panePID(tui)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
    }

    /// The status the shell wrote, once it has (nil if not within `seconds`).
    func keptStatus(within seconds: TimeInterval = 2) -> String? {
        func written() -> String { (try? String(contentsOfFile: statusFile, encoding: .utf8))?.trimmed ?? "" }
        let deadline = Date().addingTimeInterval(seconds)
        while written().isEmpty, Date() < deadline { usleep(20_000) }
        return written().isEmpty ? nil : written()
    }

    /// Types a new note's title and body without leaving its screen.
    func typeNote(_ tui: TmuxSession, title: String, body: String) throws {
        try tui.press("a")
        try tui.waitFor("New Note")
        try tui.type(title)
        try tui.press("Tab")
        try tui.type(body)
        try tui.waitFor(body)
    }

    /// Whether `pid` is still a live process (a zombie has exited).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// Waits up to `seconds` for `pid` to go.
    static func waitForExit(_ pid: pid_t, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if !isRunning(pid) { return true }
            usleep(20_000)
        }
        return !isRunning(pid)
    }

    func body(ofNoteTitled title: String) throws -> String? {
        let listed = try cli.run("notes", "--json")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        guard let id = notes.first(where: { $0["title"] as? String == title })?["id"] as? Int else { return nil }
        let shown = try cli.run("note", "show", "\(id)", "--json")
        let note = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        return note?["body"] as? String
    }

    @Test func sigtermSavesTheNoteBeingTypedAndExits143() throws {
        let tui = try start()
        try typeNote(tui, title: "Packing", body: "socks and shoes")
        let pid = try uiPID(tui)
        defer { kill(pid, SIGKILL) }
        kill(pid, SIGTERM)
        #expect(keptStatus() == "143")
        #expect(try body(ofNoteTitled: "Packing") == "socks and shoes")
        // The terminal is given back: the UI's screen is gone from the pane.
        #expect(try !tui.screen().contains("? help"))
    }

    @Test func ctrlCSavesTheEditedNoteAndExits130() throws {
        #expect(try cli.run("note", "add", "--title", "Recipe", "--body", "flour").status == 0)
        let tui = try start()
        try tui.waitFor("Recipe")
        try tui.press("Enter")
        try tui.waitFor("flour")
        try tui.press("Tab", "End")
        try tui.type(", eggs")
        try tui.waitFor("flour, eggs")
        let pid = try uiPID(tui)
        defer { kill(pid, SIGKILL) }
        try tui.press("C-c")
        #expect(keptStatus() == "130")
        #expect(try body(ofNoteTitled: "Recipe") == "flour, eggs")
    }

    @Test func sighupSavesTheNoteBeingTypedAndExits129() throws {
        let tui = try start()
        try typeNote(tui, title: "Hung up", body: "typed before SIGHUP")
        let pid = try uiPID(tui)
        defer { kill(pid, SIGKILL) }
        kill(pid, SIGHUP)
        #expect(keptStatus() == "129")
        #expect(try body(ofNoteTitled: "Hung up") == "typed before SIGHUP")
    }

    /// An item form is not kept on a hangup: only Done adds an item, and a UI that must exit at
    /// once cannot ask, so the half-typed item is dropped as Cancel drops it (never added behind
    /// the user's back) and the process exits at once. The app lock keeps such a form instead.
    @Test func sighupDropsTheItemBeingTypedUnaddedAndExits129() throws {
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        let tui = try start()
        try tui.press("1")
        try tui.waitFor("Groceries")
        try tui.press("Enter")
        try tui.waitFor("Groceries  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try tui.type("Half a thought")
        try tui.waitFor("Half a thought")
        let pid = try uiPID(tui)
        defer { kill(pid, SIGKILL) }
        kill(pid, SIGHUP)
        #expect(keptStatus() == "129")
        let items = try #require(try cli.json("items", "Groceries") as? [[String: Any]])
        #expect(items.isEmpty)
    }

    /// The window closes: the terminal hangs up and tmux ends.
    @Test func closingTheTerminalSavesTheNoteAndExitsPromptlyWith129() throws {
        let tui = try start()
        try typeNote(tui, title: "Hangup", body: "typed before the window closed")
        let pid = try uiPID(tui)
        defer { kill(pid, SIGKILL) }
        try tui.tmux(["kill-session", "-t", "t"])
        #expect(keptStatus() == "129")
        #expect(Self.waitForExit(pid, within: 1))
        #expect(try body(ofNoteTitled: "Hangup") == "typed before the window closed")
    }

    /// With SIGHUP ignored (nohup, a shell that ignores it), the closed terminal reads as
    /// end-of-file: the UI used to poll it again at once, forever, at full CPU.
    @Test func aClosedTerminalEndsTheUIEvenWithSIGHUPIgnored() throws {
        let tui = try start(["/bin/sh", "-c", "trap '' HUP; exec \"$0\"", CLIRunner.binary])
        try typeNote(tui, title: "Ignored", body: "still saved")
        let pid = try panePID(tui)
        defer { kill(pid, SIGKILL) }
        try tui.tmux(["kill-session", "-t", "t"])
        #expect(Self.waitForExit(pid, within: 2))
        #expect(try body(ofNoteTitled: "Ignored") == "still saved")
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
