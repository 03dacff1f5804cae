import Foundation
import TestSupport
import Testing

/// The lock screen in the real binary: the app passcode lock, Ctrl-Z and `fg` from a shell.
@Suite(.serialized) struct TerminalUILockTests {
    let dir = TemporaryDirectory("checklists-tuilock")
    var home: String { dir.appending("home") }
    static let passcode = "246810"

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus", "CHECKLISTS_FINGERPRINT": "off",
            "TERM": "screen", "PS1": "shell$ ",
        ]
    }

    /// The passcode lock on (no reuse window), then the terminal UI started from a shell with job
    /// control in a kernel session keyring of its own (no cached unlock) and unlocked.
    func unlockedTUI(_ environment: [String: String]) throws -> TmuxSession {
        let cli = CLIRunner(home: home, environment: environment)
        #expect(try cli.run("lock", "set", "--reuse", "0").status == 0)
        let enabled = try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: Self.passcode + "\n")
        #expect(enabled.status == 0)
        let tui = try TmuxSession(
            ["/usr/bin/keyctl", "session", "-", "/bin/bash", "--norc", "--noprofile", "-i"], environment: environment,
            socket: dir.appending("tmux"))
        try tui.waitFor("shell$")
        try tui.type(CLIRunner.binary)
        try tui.press("Enter")
        try tui.waitFor("Checklists is locked")
        try tui.waitFor("Checklists passcode:")
        try tui.type(Self.passcode)
        try tui.press("Enter")
        try tui.waitUntil("unlocked", Self.unlocked)
        return tui
    }

    /// Content shows: the tab bar marks a section and no lock screen is up.
    static func unlocked(_ screen: String) -> Bool {
        screen.contains("[1 Checklists]") && !screen.contains("Checklists is locked")
    }

    @Test func ctrlZAndFgBringTheLockScreenBackAndItPromptsAtOnce() throws {
        let cli = CLIRunner(home: home, environment: environment)
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        let tui = try unlockedTUI(environment)

        // No reuse window: coming back asks again.
        try tui.press("4")
        try tui.waitFor("Don't ask again within")
        try tui.waitFor("0 seconds")

        try tui.press("C-z")
        try tui.waitFor("Stopped")
        try tui.type("fg")
        try tui.press("Enter")
        try tui.waitFor("Checklists is locked")
        try tui.waitFor("Checklists passcode:")
        try tui.type("000000")
        try tui.press("Enter")
        try tui.waitUntil("a wrong passcode refused") {
            !$0.contains("Groceries") && $0.contains("Checklists is locked")
        }
        try tui.waitFor("Checklists passcode:")
        try tui.type(Self.passcode)
        try tui.press("Enter")
        try tui.waitUntil("unlocked", Self.unlocked)
        try tui.press("Escape", "q", "q")
        try tui.waitFor("shell$")
    }

    /// Ctrl-Z while an item is being edited: the lock screen comes back with `fg` showing none
    /// of it, and after the passcode the Edit Item form is there as it was left, unsaved.
    @Test func ctrlZKeepsTheItemBeingEditedUntilUnlocked() throws {
        let cli = CLIRunner(home: home, environment: environment)
        #expect(try cli.run("item", "add", "List", "Call the plumber").status == 0)
        let tui = try unlockedTUI(environment)
        try tui.waitFor("Call the plumber")
        try tui.press("e")
        try tui.waitFor("Edit Item")
        try tui.press("End")
        try tui.type(" back")
        try tui.waitFor("Call the plumber back")

        try tui.press("C-z")
        try tui.waitFor("Stopped")
        try tui.type("fg")
        try tui.press("Enter")
        try tui.waitFor("Checklists passcode:")
        #expect(try !tui.screen().contains("plumber"))
        try tui.type(Self.passcode)
        try tui.press("Enter")
        let back = try tui.waitFor("Edit Item")
        #expect(back.contains("Call the plumber back"))
        try tui.press("Escape")
        let list = try tui.waitFor("List  (1 Remaining)")
        #expect(list.contains("Call the plumber") && !list.contains("plumber back"))
        try tui.press("q", "q")
        try tui.waitFor("shell$")
    }

    /// Ctrl-Z on a terminal without an alternate screen (vt100; the Linux console is another):
    /// the last frame stays on it while the process is stopped, and that is the lock screen, not
    /// the item being typed (the form stayed on screen under the shell's prompt).
    @Test func ctrlZLeavesTheLockScreenNotTheFormOnATerminalWithoutAnAlternateScreen() throws {
        var environment = environment
        environment["TERM"] = "vt100"
        let tui = try unlockedTUI(environment)
        try tui.waitFor("List  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        try tui.type("Surprise party for Sam")
        try tui.waitFor("Surprise party for Sam")

        try tui.press("C-z")
        let stopped = try tui.waitFor("Stopped")
        #expect(!stopped.contains("Surprise party"), "\(stopped)")
        #expect(stopped.contains("Enter passcode"), "\(stopped)")
        try tui.type("fg")
        try tui.press("Enter")
        try tui.waitFor("Checklists passcode:")
        try tui.type(Self.passcode)
        try tui.press("Enter")
        try tui.waitFor("Surprise party for Sam")
    }
}
