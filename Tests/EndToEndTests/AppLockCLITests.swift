import ChecklistsKit
import Foundation
import Keychain
import Sodium
import TestSupport
import Testing

/// The app lock end to end: the built binary on a pseudo-terminal, with pam_wrapper, the real
/// fprintd, and kernel session keyrings made with `keyctl session`.
@Suite struct AppLockCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    func environment(bus: String? = nil) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "CHECKLISTS_PASSCODE_COST": "min", "DBUS_SYSTEM_BUS_ADDRESS": bus ?? "unix:path=\(dir.path)/no-bus",
        ]
    }

    var cli: CLIRunner { CLIRunner(home: home, environment: environment()) }

    /// A shell running `script` in its own kernel session keyring, on a pty.
    func session(_ script: String, bus: String? = nil) throws -> PtySession {
        try PtySession(
            ["/usr/bin/keyctl", "session", "-", "/bin/sh", "-c", script], environment: environment(bus: bus))
    }

    func enablePasscode(_ passcode: String = "246810") throws {
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "\(passcode)\n").status == 0)
    }

    @Test func contentCommandsRefuseWithoutATerminalOthersNeverAsk() throws {
        try cli.run("list", "add", "Groceries")
        try enablePasscode()
        for arguments in [
            ["lists"], ["items", "Groceries"], ["list", "add", "X"], ["item", "add", "Groceries", "x"],
            ["keychain", "get", "SecretMessage"], [],
        ] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("notInteractive"), "\(arguments)")
        }
        for arguments in [
            ["icons"], ["auth", "status"], ["lock", "status"], ["lists", "--help"], ["keychain", "status"],
        ] {
            #expect(try cli.run(arguments: arguments).status == 0, "\(arguments)")
        }
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on (the app passcode)"))
    }

    @Test func passcodeUnlockIsReusedWithinTheSessionUntilLockNow() throws {
        try cli.run("list", "add", "Groceries")
        try enablePasscode()
        let b = CLIRunner.binary
        let shell = try session("\(b) lists; \(b) items Groceries; \(b) lock now; \(b) lists")
        try shell.expect("Checklists passcode")
        shell.send("246810\r")
        try shell.expect("Groceries")
        try shell.expect("Groceries — No Items")  // second command: no prompt, the key was reused
        try shell.expect("Locked.")
        try shell.expect("Checklists passcode")  // after lock now it asks again
        shell.send("246810\r")
        try shell.expect("Groceries")
        #expect(try shell.wait() == 0)
    }

    /// The user chose no reuse; someone at the unlocked session deletes that row (before, the
    /// default 60 s came back, and the next unlock's key stayed in the session keyring for the
    /// taking). The times sealed under the key hold: every command asks again.
    @Test func aDeletedReuseRowDoesNotCacheTheNextUnlock() throws {
        try cli.run("list", "add", "Groceries")
        try enablePasscode()
        #expect(try cli.run("lock", "set", "--reuse", "0", "--stdin", stdin: "246810\n").status == 0)
        let deleted = try CLIRunner.execute(
            "/usr/bin/sqlite3", [home + "/checklists.sqlite", "DELETE FROM settings WHERE key = 'LockReuseSeconds'"],
            environment: [:])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        let b = CLIRunner.binary
        let shell = try session("\(b) lists; \(b) lists")
        try shell.expect("Checklists passcode")
        shell.send("246810\r")
        try shell.expect("Groceries")
        try shell.expect("Checklists passcode")  // nothing was cached
        shell.send("246810\r")
        try shell.expect("Groceries")
        #expect(try shell.wait() == 0)
        #expect(try cli.run("lock", "status").stdout.contains("Unlocks last 0 s"))
    }

    @Test func failedOrCancelledAuthenticationLeavesTheSettingAlone() throws {
        try cli.run("list", "add", "Groceries")
        let wrong = try session("\(CLIRunner.binary) lock enable --method password")
        for _ in 0..<3 {
            try wrong.expect("Password for")
            wrong.send("nope\r")
        }
        try wrong.expect("LAError -1 authenticationFailed")
        #expect(try wrong.wait() == 1)
        let cancelled = try session("\(CLIRunner.binary) lock enable --method password")
        try cancelled.expect("Password for")
        cancelled.send("\u{1b}")
        try cancelled.expect("LAError -2 userCancel")
        #expect(try cancelled.wait() == 1)
        #expect(try cli.run("lock", "status").stdout.contains("App lock: off"))
        #expect(try cli.run("lists").stdout.contains("Groceries"))

        let right = try session("\(CLIRunner.binary) lock enable --method password")
        try right.expect("Password for")
        right.send("account pw\r")
        try right.expect("The app lock is on (your account password).")
        #expect(try right.wait() == 0)
        let disable = try session("\(CLIRunner.binary) lock disable")
        try disable.expect("Password for")
        disable.send("\u{1b}")
        #expect(try disable.wait() == 1)
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on"))
        let off = try session("\(CLIRunner.binary) lock disable")
        try off.expect("Password for")
        off.send("account pw\r")
        try off.expect("The app lock is off.")
        #expect(try off.wait() == 0)
        #expect(try cli.run("lists").stdout.contains("Groceries"))
    }

    @Test func withTheLockOnTheFilesAloneDoNotOpenTheData() throws {
        try cli.run("list", "add", "Zanzibar plans")
        let vault = FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key"))
        let name = try #require(try vault.keys(service: "Checklists").first { $0.hasPrefix("DataKey.") })
        let dataKey = try #require(try vault.read(service: "Checklists", key: name)).data
        try enablePasscode()
        #expect(try vault.read(service: "Checklists", key: name) == nil)
        let everything = try dir.allBytes()
        let zanzibar = everything.contains(utf8: "Zanzibar")
        #expect(!zanzibar)
        let keyOnDisk = Self.contains(everything, Array(dataKey))
        #expect(!keyOnDisk, "the data key is still on disk")
        // Opening the database with what the files hold fails.
        #expect(throws: (any Error).self) {
            try ChecklistStore(
                directory: home,
                keyProvider: KeychainKeyProvider(keychain: KeychainWrapper(serviceName: "Checklists", backend: vault)))
        }
        let sqlite = try CLIRunner.execute(
            "/usr/bin/sqlite3", [home + "/checklists.sqlite", "SELECT hex(name) FROM checklists"], environment: [:])
        #expect(!sqlite.stdout.contains(Array("Zanzibar".utf8).map { String(format: "%02X", $0) }.joined()))
    }

    @Test func killingEnableOrDisableNeverLeavesTheDataUnreadable() throws {
        try cli.run("list", "add", "Survivor")
        for round in 0..<8 {
            let enabling = LockSettings.read(directory: home).method == .off
            let arguments = enabling ? ["lock", "enable", "--method", "passcode", "--stdin"] : ["lock", "disable"]
            let pid = try CLIRunner.spawnDetached(
                "/usr/bin/setsid", ["-w", CLIRunner.binary] + arguments, environment: environment(), stdin: "246810\n")
            usleep(UInt32.random(in: 0...30_000))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            if LockSettings.read(directory: home).method == .off {
                #expect(try cli.run("lists").stdout.contains("Survivor"), "round \(round), lock off")
            } else {
                let shell = try session("\(CLIRunner.binary) lists")
                try shell.expect("Checklists passcode")
                shell.send("246810\r")
                try shell.expect("Survivor")
                #expect(try shell.wait() == 0, "round \(round), lock on")
                if round % 2 == 1 {
                    let off = try session("\(CLIRunner.binary) lock disable")
                    try off.expect("Checklists passcode")
                    off.send("246810\r")
                    try off.expect("The app lock is off.")
                    _ = try off.wait()
                }
            }
        }
    }

    @Test func changingThePasscodeMovesTheLockToTheNewOne() throws {
        try cli.run("list", "add", "Groceries")
        try enablePasscode("246810")
        #expect(try cli.run("passcode", "change", "--stdin", stdin: "246810\n135799\n").status == 0)
        let old = try session("\(CLIRunner.binary) lists")
        for _ in 0..<3 {
            try old.expect("Checklists passcode")
            old.send("246810\r")
        }
        #expect(try old.wait() == 1)
        let new = try session("\(CLIRunner.binary) lists")
        try new.expect("Checklists passcode")
        new.send("135799\r")
        try new.expect("Groceries")
        #expect(try new.wait() == 0)
        let remove = try cli.run("passcode", "remove", "--stdin", stdin: "135799\n")
        #expect(remove.status == 1)
        #expect(remove.stderr.contains("while the app lock uses it"))
        #expect(try cli.run("lock", "status").stdout.contains("App lock: on (the app passcode)"))
    }

    @Test func lockSetChangesTheReuseWindowAndIdleTimeout() throws {
        #expect(try cli.run("lock", "set", "--reuse", "120", "--idle", "15").status == 0)
        #expect(try cli.run("lock", "set", "--reuse", "301").status == 2)
        #expect(try cli.run("lock", "set").status == 2)
        let json = try #require(try cli.json("lock", "status") as? [String: Any])
        #expect(json["reuseSeconds"] as? Int == 120)
        #expect(json["idleMinutes"] as? Int == 15)
        #expect(json["enabled"] as? Bool == false)
    }

    @Test func wrongPasscodesExplainTheBackOff() throws {
        try enablePasscode()
        var seen = ""
        for _ in 0..<2 {
            let shell = try session("\(CLIRunner.binary) lists")
            for _ in 0..<3 {
                guard (try? shell.expect("Checklists passcode", timeout: 3)) != nil else { break }
                shell.send("000000\r")
            }
            _ = try shell.wait()
            seen += shell.transcript
        }
        #expect(seen.contains("Too many wrong passwords: try again in 1 minute."))
        let status = try cli.run("lock", "status").stdout
        #expect(status.contains("wrong in a row; next try after"))
    }

    @Test func fingerprintMethodWithTheRealReader() throws {
        let rig = try FprintdRig()
        try cli.run("list", "add", "Fingered")
        let enable = try session("\(CLIRunner.binary) lock enable", bus: rig.busAddress)
        try enable.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try enable.expect("The app lock is on (fingerprint, falling back to your password).")
        #expect(try enable.wait() == 0)

        let open = try session("\(CLIRunner.binary) lists", bus: rig.busAddress)
        try open.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try open.expect("Fingered")
        #expect(try open.wait() == 0)

        // New fingers: the fingerprint no longer opens the data; the password does.
        try rig.enrollAnother("left")
        let changed = try session("\(CLIRunner.binary) lists", bus: rig.busAddress)
        try changed.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try changed.expect("Your enrolled fingerprints changed")
        try changed.expect("Password for")
        changed.send("account pw\r")
        try changed.expect("Fingered")
        #expect(try changed.wait() == 0)
    }

    @Test func aPasscodeUserKeepsThePasscodeAfterANewFingerIsEnrolled() throws {
        let rig = try FprintdRig()
        try cli.run("list", "add", "Fingered")
        #expect(try cli.run("passcode", "set", "--stdin", stdin: "246810\n").status == 0)
        let enable = try session("\(CLIRunner.binary) lock enable", bus: rig.busAddress)
        try enable.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try enable.expect("The app lock is on (fingerprint")
        #expect(try enable.wait() == 0)

        // New fingers void the fingerprint copy: the device-owner password is the passcode.
        try rig.enrollAnother("left")
        let changed = try session("\(CLIRunner.binary) lists", bus: rig.busAddress)
        try changed.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        try changed.expect("Your enrolled fingerprints changed: enter your passcode")
        try changed.expect("Checklists passcode")
        changed.send("246810\r")
        try changed.expect("Fingered")
        #expect(try changed.wait() == 0)
        #expect(!changed.transcript.contains("Password for"))
    }

    @Test func thePasswordMethodAsksForThePasscodeWhenOneIsSet() throws {
        try cli.run("list", "add", "Plain")
        #expect(try cli.run("passcode", "set", "--stdin", stdin: "246810\n").status == 0)
        let enable = try session("\(CLIRunner.binary) lock enable --method password")
        try enable.expect("Checklists passcode")
        enable.send("246810\r")
        #expect(try enable.wait() == 0)
        let open = try session("\(CLIRunner.binary) lists")
        try open.expect("Checklists passcode")
        open.send("246810\r")
        try open.expect("Plain")
        #expect(try open.wait() == 0)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return true }
        }
        return false
    }
}
