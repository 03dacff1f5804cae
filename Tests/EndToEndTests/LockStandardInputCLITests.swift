import ChecklistsKit
import Foundation
import TestSupport
import Testing

/// `--stdin` on the commands that ask for the app passcode or a password: a script (no
/// terminal) answers each prompt with one line of standard input, the lock's own unlock first.
@Suite struct LockStandardInputCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    var cli: CLIRunner {
        CLIRunner(
            home: home,
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
                "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PAM_CONFDIR": pam.confdir,
                "CHECKLISTS_PASSCODE_COST": "min", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            ])
    }

    var method: LockMethod { LockSettings.read(directory: home).method }

    func enablePasscode() throws {
        try cli.run("list", "add", "Groceries")
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        #expect(method == .passcode)
    }

    /// A passcode line with a Windows line ending is refused: its carriage return stayed in the
    /// passcode, which the prompt could then never take ("Wrong passcode" for the same text).
    @Test func aPasscodeLineWithACarriageReturnIsRefused() throws {
        try cli.run("list", "add", "Groceries")
        let refused = try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\r\n")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no control characters"), "\(refused.stderr)")
        #expect(method == .off)
        #expect(try cli.run("lists").stdout.contains("Groceries"))
    }

    @Test func lockDisableTakesThePasscodeFromStandardInput() throws {
        try enablePasscode()
        let wrong = try cli.run("lock", "disable", "--stdin", stdin: "000000\n246810\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("Wrong passcode"))
        #expect(method == .passcode)  // one line per secret: the second line was not a retry
        let none = try cli.run("lock", "disable", "--stdin")
        #expect(none.status == 2)  // as `passcode change --stdin` without a line
        #expect(none.stderr.hasPrefix("checklists: expected a line on standard input"), "\(none.stderr)")
        #expect(none.stderr.split(separator: "\n").count == 1, "\(none.stderr)")
        #expect(method == .passcode)
        let off = try cli.run("lock", "disable", "--stdin", stdin: "246810\n")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout.contains("The app lock is off."))
        #expect(method == .off)
        #expect(try cli.run("lists").stdout.contains("Groceries"))
    }

    /// A store edited by hand (or by another program) cannot stretch an unlock: before, a reuse
    /// window past 2^32 seconds trapped the unlock (the keyring's timeout is 32 bits), and a
    /// smaller huge one kept the data key cached for years; later the edit held up to five
    /// minutes. Now the times sealed under the key hold, and the rows are put back.
    @Test(arguments: ["4294967297", "99999999", "-7"])
    func anEditedReuseWindowDoesNotCount(_ seconds: String) throws {
        try enablePasscode()
        let update = try CLIRunner.execute(
            "/usr/bin/sqlite3",
            [
                home + "/checklists.sqlite",
                "INSERT OR REPLACE INTO settings VALUES ('LockReuseSeconds', '\(seconds)'), ('LockIdleMinutes', '-1')",
            ], environment: [:])
        #expect(update.status == 0, "\(update.stderr)")
        let export = try cli.run("export", "--format", "json", "--stdin", stdin: "246810\n")
        #expect(export.status == 0, "\(export.stderr)")
        let status = try cli.run("lock", "status")
        #expect(status.stdout.contains("Unlocks last 60 s"), "\(status.stdout)")
        #expect(status.stdout.contains("locks after 5 min idle"), "\(status.stdout)")
    }

    /// Someone at the unlocked session deletes the sealed times and the rows after the user
    /// chose no reuse: the next unlock caches nothing, says what happened once, and the
    /// strictest times hold until the user sets them again.
    @Test func aRemovedSealGivesTheStrictestTimesAndSaysSo() throws {
        try enablePasscode()
        let set = try cli.run("lock", "set", "--reuse", "0", "--idle", "30", "--stdin", stdin: "246810\n")
        #expect(set.status == 0, "\(set.stderr)")
        let update = try CLIRunner.execute(
            "/usr/bin/sqlite3",
            [home + "/checklists.sqlite", "DELETE FROM settings WHERE key IN ('LockTimes', 'LockReuseSeconds')"],
            environment: [:])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try cli.run("lock", "status").stdout.contains("Unlocks last 60 s"))  // what the rows say now
        let lists = try cli.run("export", "--format", "json", "--stdin", stdin: "246810\n")
        #expect(lists.status == 0, "\(lists.stderr)")
        #expect(lists.stderr.contains("changed outside Checklists"), "\(lists.stderr)")
        let status = try cli.run("lock", "status")
        #expect(status.stdout.contains("Unlocks last 0 s"), "\(status.stdout)")
        #expect(status.stdout.contains("locks after 1 min idle"), "\(status.stdout)")
        let again = try cli.run("export", "--format", "json", "--stdin", stdin: "246810\n")
        #expect(again.status == 0 && !again.stderr.contains("changed outside"), "\(again.stderr)")
    }

    @Test func thePasswordMethodTakesTheAccountPasswordFromStandardInput() throws {
        try cli.run("list", "add", "Groceries")
        let on = try cli.run("lock", "enable", "--method", "password", "--stdin", stdin: "account pw\n")
        #expect(on.status == 0, "\(on.stderr)")
        #expect(method == .password)
        #expect(try cli.run("lock", "disable", "--stdin", stdin: "not it\n").status == 1)
        #expect(method == .password)
        #expect(try cli.run("lock", "disable", "--stdin", stdin: "account pw\n").status == 0)
        #expect(method == .off)
    }

    @Test func switchingMethodReadsTheLocksUnlockFirst() throws {
        try enablePasscode()
        // The passcode lock's unlock, then the new method's proof: with a passcode set, the
        // owner password is the passcode.
        let switched = try cli.run("lock", "enable", "--method", "password", "--stdin", stdin: "246810\n246810\n")
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(method == .password)
        let fingerprint = try cli.run("lock", "enable", "--method", "fingerprint", "--stdin", stdin: "246810\n")
        #expect(fingerprint.status == 2)
        #expect(fingerprint.stderr.contains("--stdin cannot prove a fingerprint"))
        #expect(method == .password)
    }

    @Test func exportSecretAndLockSetUnlockFromStandardInput() throws {
        try enablePasscode()
        let export = try cli.run("export", "--format", "json", "--stdin", stdin: "246810\n")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("Groceries"))
        #expect(try cli.run("secret", "--stdin", stdin: "246810\n").status == 0)
        #expect(try cli.run("lock", "set", "--reuse", "60", "--stdin", stdin: "246810\n").status == 0)
        #expect(try cli.run("lock", "status").stdout.contains("60"))
        // Without --stdin nothing is read from standard input: no terminal, no unlock.
        let plain = try cli.run("export", "--format", "json", stdin: "246810\n")
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("notInteractive"))
    }
}
