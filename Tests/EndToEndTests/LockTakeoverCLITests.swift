import Foundation
import TestSupport
import Testing

/// Someone at an unlocked session who does not know the account password, with the app lock on
/// the password: the password and fingerprint methods take the app passcode as the owner's
/// password once one is set, so choosing a passcode must not come before the lock's own
/// authentication (it used to: `passcode set` asked nothing, and `lock enable --method passcode`
/// asked for a new passcode first and then accepted it as the account password).
@Suite struct LockTakeoverCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "CHECKLISTS_PASSCODE_COST": "min", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
    }

    var cli: CLIRunner { CLIRunner(home: home, environment: environment) }

    /// `checklists ARGS` on a pseudo-terminal, in its own kernel session keyring.
    func onTerminal(_ arguments: String) throws -> PtySession {
        try PtySession(
            ["/usr/bin/keyctl", "session", "-", "/bin/sh", "-c", "\(CLIRunner.binary) \(arguments)"],
            environment: environment)
    }

    /// A list, and the app lock on the account password.
    func lockWithThePassword() throws {
        try cli.run("list", "add", "Payroll")
        let enable = try onTerminal("lock enable --method password")
        try enable.expect("Password for")
        enable.send("account pw\r")
        try enable.expect("The app lock is on (your account password).")
        #expect(try enable.wait() == 0)
    }

    /// Nothing was changed: the lock is still the password's and no passcode opens the data.
    func expectUnchanged() throws {
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on (your account password)"))
        #expect(!(try cli.run("auth", "status").stdout.contains("the app passcode")))
        let open = try onTerminal("lists")
        try open.expect("Password for")
        open.send("account pw\r")
        try open.expect("Payroll")
        #expect(try open.wait() == 0)
    }

    @Test func aPasscodeIsNotSetUnderThePasswordLockWithoutThePassword() throws {
        try lockWithThePassword()
        // With --stdin the lock's unlock reads the first line too: it is tried as the account
        // password (with the persisted back-off) and refused, before any passcode is chosen.
        let set = try cli.run("passcode", "set", "--stdin", stdin: "chosen by a stranger\n")
        #expect(set.status == 1)
        #expect(set.stderr.contains("Wrong password"))
        // On a terminal the account password comes first; cancelling it changes nothing.
        let cancelled = try onTerminal("passcode set")
        try cancelled.expect("Password for")
        cancelled.send("\u{1b}")
        #expect(try cancelled.wait() == 1)
        #expect(!cancelled.transcript.contains("New passcode"))
        try expectUnchanged()
    }

    @Test func switchingToThePasscodeMethodAsksForThePasswordFirst() throws {
        try lockWithThePassword()
        let stranger = try cli.run(
            "lock", "enable", "--method", "passcode", "--stdin", stdin: String(repeating: "stranger1\n", count: 4))
        #expect(stranger.status == 1)
        try expectUnchanged()

        // The owner: the account password, then the new passcode; the lock moves to it.
        let owner = try onTerminal("lock enable --method passcode")
        try owner.expect("Password for")
        owner.send("account pw\r")
        try owner.expect("New passcode")
        owner.send("246810\r")
        try owner.expect("Repeat")
        owner.send("246810\r")
        try owner.expect("The app lock is on (the app passcode).")
        #expect(try owner.wait() == 0)
        let open = try onTerminal("lists")
        try open.expect("Checklists passcode")
        open.send("246810\r")
        try open.expect("Payroll")
        #expect(try open.wait() == 0)
    }
}
