import Foundation
import TestSupport
import Testing

/// The app lock in the real binary with the real rigs: fprintd with libfprint's virtual device
/// and pam_wrapper's pam_matrix. The UI runs from a shell in a kernel session keyring of its
/// own (no cached unlock from other tests), so quitting and starting it again shows the lock.
@Suite(.serialized) struct TerminalUIRigTests {
    let dir = TemporaryDirectory("checklists-tuirig")
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    func environment(bus: String? = nil) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "CHECKLISTS_PAM_CONFDIR": pam.confdir, "DBUS_SYSTEM_BUS_ADDRESS": bus ?? "unix:path=\(dir.path)/no-bus",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus", "TERM": "screen", "PS1": "shell$ ",
        ]
    }

    /// A shell with job control in a session keyring of its own, on a private tmux server.
    func shell(bus: String? = nil) throws -> TmuxSession {
        let tui = try TmuxSession(
            ["/usr/bin/keyctl", "session", "-", "/bin/bash", "--norc", "--noprofile", "-i"],
            environment: environment(bus: bus), socket: dir.appending("tmux"))
        try tui.waitFor("shell$")
        return tui
    }

    /// Starts `checklists` from the shell.
    func launch(_ tui: TmuxSession) throws {
        try tui.type("clear; " + CLIRunner.binary)
        try tui.press("Enter")
    }

    /// Quits the UI back to the shell.
    func quit(_ tui: TmuxSession) throws {
        try tui.press("Escape", "q", "q", "q")
        try tui.waitUntil("the shell") { $0.contains("shell$") && !$0.contains("? help") }
    }

    /// Content shows: the tab bar marks a section and no lock screen is up.
    static func unlocked(_ screen: String) -> Bool {
        screen.contains("? help") && screen.contains("[") && !screen.contains("Checklists is locked")
    }

    /// The Settings row of the app lock.
    static func lockRow(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.contains("App Lock") }.map(String.init) ?? ""
    }

    @Test func fingerprintLockFromSettingsAndTheLockScreenScans() throws {
        let rig = try FprintdRig()
        let cli = CLIRunner(home: home, environment: environment(bus: rig.busAddress))
        #expect(try cli.run("list", "add", "Fingered").status == 0)
        #expect(try cli.run("lock", "set", "--reuse", "0").status == 0)
        let tui = try shell(bus: rig.busAddress)
        try launch(tui)
        try tui.waitUntil("unlocked", Self.unlocked)

        // Settings: the switch asks for a finger first; a stranger's is not enough.
        try tui.press("4")
        try tui.waitFor("App Lock")
        try tui.press("Space")
        try tui.waitFor("Touch the fingerprint reader")
        try rig.scan(matching: false)
        try tui.waitFor("Not recognised")
        #expect(Self.lockRow(try tui.screen()).contains("Off"))
        try rig.scan(matching: true)
        try tui.waitFor("App lock is on.")
        #expect(Self.lockRow(try tui.screen()).contains("Fingerprint"))
        try quit(tui)

        // The lock screen prompts at once: a matching scan unlocks.
        try launch(tui)
        try tui.waitFor("Unlock with fingerprint")
        try tui.waitFor("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try tui.waitUntil("unlocked", Self.unlocked)
        try quit(tui)

        // A stranger's finger: the hint, and `p` goes to the account password.
        try launch(tui)
        try tui.waitFor("Touch the fingerprint reader")
        try rig.scan(matching: false)
        try tui.waitFor("Not recognised")
        try tui.press("p")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("account pw")
        try tui.press("Enter")
        try tui.waitUntil("unlocked", Self.unlocked)
        try tui.waitFor("Fingered")

        // Turning it off: Esc cancels and the switch stays on; a matching scan turns it off.
        try tui.press("4")
        try tui.waitFor("App Lock")
        try tui.press("Space")
        try tui.waitFor("Touch the fingerprint reader")
        try tui.press("Escape")
        try tui.waitFor("Turning off fingerprint unlock failed")
        #expect(Self.lockRow(try tui.screen()).contains("Fingerprint"))
        try tui.press("Space")
        try tui.waitFor("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try tui.waitFor("App lock is off.")
        #expect(Self.lockRow(try tui.screen()).contains("Off"))
        try quit(tui)
        #expect(try cli.run("lock", "status").stdout.contains("App lock: off"))
    }

    @Test func passwordLockThroughPAMFromSettingsAndTheLockScreen() throws {
        let cli = CLIRunner(home: home, environment: environment())
        #expect(try cli.run("list", "add", "Plain").status == 0)
        #expect(try cli.run("lock", "set", "--reuse", "0").status == 0)
        let tui = try shell()
        try launch(tui)
        try tui.waitUntil("unlocked", Self.unlocked)

        // The secret asks for the password, on the Secret screen's bottom line.
        try tui.press("3")
        try tui.waitFor("Nothing to see here")
        try tui.press("Enter")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("account pw")
        try tui.press("Enter")
        try tui.waitFor("Secret stuff!")

        try tui.press("4")
        try tui.waitFor("App Lock")

        // Wrong passwords: the switch stays off and says why.
        try tui.press("Space")
        for _ in 0..<3 {
            try tui.waitFor("Password for \(pam.user):")
            try tui.type("wrong")
            try tui.press("Enter")
            try tui.waitForNo("•••••")
        }
        try tui.waitFor("Turning on password unlock failed")
        #expect(Self.lockRow(try tui.screen()).contains("Off"))
        // Esc cancels: still off.
        try tui.press("Space")
        try tui.waitFor("Password for \(pam.user):")
        try tui.press("Escape")
        try tui.waitFor("Turning on password unlock failed")
        #expect(Self.lockRow(try tui.screen()).contains("Off"))
        #expect(try cli.run("lock", "status").stdout.contains("App lock: off"))
        // The right one turns it on.
        try tui.press("Space")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("account pw")
        try tui.press("Enter")
        try tui.waitFor("App lock is on.")
        #expect(Self.lockRow(try tui.screen()).contains("Password"))
        try quit(tui)
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on"))

        // The lock screen asks for the password at once.
        try launch(tui)
        try tui.waitFor("Checklists is locked")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("wrong")
        try tui.press("Enter")
        try tui.waitFor("Checklists is locked")
        try tui.press("Enter")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("account pw")
        try tui.press("Enter")
        try tui.waitUntil("unlocked", Self.unlocked)
        try tui.waitFor("List  (No Items)")

        // Off again, after the password.
        try tui.press("4")
        try tui.waitFor("App Lock")
        try tui.press("Space")
        try tui.waitFor("Password for \(pam.user):")
        try tui.type("account pw")
        try tui.press("Enter")
        try tui.waitFor("App lock is off.")
        try quit(tui)
        #expect(try cli.run("lock", "status").stdout.contains("App lock: off"))
    }
}
