import Foundation
import TestSupport
import Testing

/// `checklists auth …` and `passcode …` on a pseudo-terminal, against pam_wrapper and fprintd.
@Suite struct AuthCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "s3cret pw")

    func environment(bus: String? = nil) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path,
            "CHECKLISTS_HOME": dir.appending("home"), "XDG_RUNTIME_DIR": dir.appending("run"),
            "CHECKLISTS_PAM_CONFDIR": pam.confdir, "CHECKLISTS_PASSCODE_COST": "min",
            "DBUS_SYSTEM_BUS_ADDRESS": bus ?? "unix:path=\(dir.path)/no-bus",
        ]
    }

    func pty(_ arguments: [String], bus: String? = nil) throws -> PtySession {
        try PtySession([CLIRunner.binary] + arguments, environment: environment(bus: bus))
    }

    @Test func accountPasswordIsReadWithoutEcho() throws {
        let session = try pty(["auth", "test"])
        try session.expect("Password for \(pam.user)")
        session.send("s3cret pw\r")
        try session.expect("Authenticated (password).")
        #expect(try session.wait() == 0)
        #expect(!session.transcript.contains("s3cret"))
    }

    @Test func wrongPasswordAsksAgainThenFails() throws {
        let session = try pty(["auth", "test"])
        for _ in 0..<3 {
            try session.expect("Password for")
            session.send("nope\r")
        }
        try session.expect("Wrong password. (LAError -1 authenticationFailed)")
        #expect(try session.wait() == 1)
    }

    @Test func escapeCancels() throws {
        let session = try pty(["auth", "test"])
        try session.expect("Password for")
        session.send("\u{1b}")
        try session.expect("Authentication was cancelled. (LAError -2 userCancel)")
        #expect(try session.wait() == 1)
    }

    @Test func fingerprintPromptOnTheTerminal() throws {
        let rig = try FprintdRig()
        let session = try pty(
            ["auth", "test", "--policy", "biometrics", "--reason", "Open your notes"], bus: rig.busAddress)
        try session.expect("Open your notes")
        try session.expect("Touch the fingerprint reader")
        try rig.send("RETRY 2")
        try session.expect("Center your finger")
        try rig.scan(matching: false)
        try session.expect("Not recognised")
        try session.expect("Press Enter to enter password instead.")
        try rig.scan(matching: true)
        try session.expect("Authenticated (fingerprint).")
        #expect(try session.wait() == 0)
    }

    @Test func fallbackKeyGoesToThePassword() throws {
        let rig = try FprintdRig()
        let session = try pty(["auth", "test"], bus: rig.busAddress)
        try rig.scan(matching: false)
        try session.expect("Press Enter")
        session.send("\r")
        try session.expect("Password for")
        session.send("s3cret pw\r")
        try session.expect("Authenticated (password).")
        #expect(try session.wait() == 0)
    }

    @Test func reuseWindowCoversASecondProcessInTheSameSession() throws {
        let script =
            "\(CLIRunner.binary) auth test && \(CLIRunner.binary) auth test --reuse 60 && \(CLIRunner.binary) auth test"
        // The stamp lives in the login session's kernel keyring (pam_keyinit gives one; here keyctl).
        let session = try PtySession(
            ["/usr/bin/keyctl", "session", "-", "/bin/sh", "-c", script], environment: environment())
        try session.expect("Password for")
        session.send("s3cret pw\r")
        try session.expect("Authenticated (password).")
        try session.expect("Authenticated (password).")  // second process: no prompt
        try session.expect("Password for")  // third: no reuse asked for, so it prompts
        session.send("s3cret pw\r")
        try session.expect("Authenticated (password).")
        #expect(try session.wait() == 0)
        #expect(session.transcript.components(separatedBy: "Password for").count == 1)
    }

    @Test func withoutATerminalItRefusesAtOnce() throws {
        let result = try CLIRunner(home: dir.appending("home"), environment: environment()).run("auth", "test")
        #expect(result.status == 1)
        #expect(result.stderr.contains("notInteractive"))
    }

    @Test func passcodeReplacesTheAccountPassword() throws {
        let cli = CLIRunner(home: dir.appending("home"), environment: environment())
        #expect(try cli.run("passcode", "set", "--stdin", stdin: "246810\n").status == 0)
        #expect(try cli.run("passcode", "set", "--stdin", stdin: "111111\n").status == 1)
        let session = try pty(["auth", "test"])
        try session.expect("Checklists passcode")
        session.send("246810\r")
        try session.expect("Authenticated (password).")
        #expect(try session.wait() == 0)
        #expect(try cli.run("passcode", "change", "--stdin", stdin: "000000\n135799\n").status == 1)
        #expect(try cli.run("passcode", "change", "--stdin", stdin: "246810\n135799\n").status == 0)
        #expect(try cli.run("passcode", "remove", "--stdin", stdin: "135799\n").status == 0)
        let status = try cli.run("auth", "status")
        #expect(status.stdout.contains("Password: your account password (PAM"))
    }

    @Test func statusTellsWhatToDoNext() throws {
        let cli = CLIRunner(home: dir.appending("home"), environment: environment())
        let status = try cli.run("auth", "status")
        #expect(status.status == 0)
        #expect(status.stdout.contains("Fingerprint (fprintd): not available"))
        #expect(status.stdout.contains("→ No fingerprint reader: Checklists uses your password instead."))
        let rig = try FprintdRig(enroll: nil)
        let enrolled = try CLIRunner(home: dir.appending("home"), environment: environment(bus: rig.busAddress)).run(
            "auth", "status")
        #expect(enrolled.stdout.contains("→ Enrol a finger with 'fprintd-enroll'"))
        let json = try CLIRunner(home: dir.appending("home"), environment: environment(bus: rig.busAddress)).run(
            "auth", "status", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["fingerprint"] as? String == "not-enrolled")
        #expect(object?["biometryType"] as? String == "touchID")
    }

    @Test func weakPasscodesAreRefusedAndNothingChanges() throws {
        let home = dir.appending("home")
        let cli = CLIRunner(home: home, environment: environment())
        for weak in ["1", " ", "12345", "      "] {
            let set = try cli.run("passcode", "set", "--stdin", stdin: weak + "\n")
            #expect(set.status == 2, "\(weak.debugDescription)")
            #expect(set.stderr.contains("at least 6 characters"))
            let lock = try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: weak + "\n")
            #expect(lock.status == 2, "\(weak.debugDescription)")
        }
        #expect(!FileManager.default.fileExists(atPath: home + "/passcode"))
        #expect(try cli.run("lock", "status").stdout.contains("App lock: off"))
    }

    @Test func deletingOrGarblingTheStateFileDoesNotResetTheBackOff() throws {
        let home = dir.appending("home")
        let cli = CLIRunner(home: home, environment: environment())
        #expect(try cli.run("passcode", "set", "--stdin", stdin: "246810\n").status == 0)
        for _ in 0..<5 { try cli.run("passcode", "change", "--stdin", stdin: "999999\n111111\n") }
        let right = "246810\n135799\n"
        #expect(try cli.run("passcode", "change", "--stdin", stdin: right).stderr.contains("Too many wrong passwords"))
        // Deleted: the copy outside the data directory still holds the count.
        try FileManager.default.removeItem(atPath: home + "/auth-state.json")
        #expect(try cli.run("passcode", "change", "--stdin", stdin: right).stderr.contains("Too many wrong passwords"))
        // A copy of the data directory elsewhere, without the state file: the same passcode
        // verifier names the same copy of the counts.
        let copy = dir.appending("copy")
        try FileManager.default.copyItem(atPath: home, toPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "/auth-state.json")
        let elsewhere = CLIRunner(home: copy, environment: environment().merging(["CHECKLISTS_HOME": copy]) { $1 })
        #expect(try elsewhere.run("passcode", "change", "--stdin", stdin: right).stderr.contains("Too many wrong"))
        try FileManager.default.removeItem(atPath: copy)
        // Garbled, every copy: counted as locked out, and the message says why.
        let mirrors = dir.appending(".local/state/checklists")
        let copies =
            [home + "/auth-state.json"]
            + (try FileManager.default.contentsOfDirectory(atPath: mirrors)).map { mirrors + "/" + $0 }
        #expect(copies.count == 2)
        for copy in copies { try "{garbage".write(toFile: copy, atomically: true, encoding: .utf8) }
        let garbled = try cli.run("passcode", "change", "--stdin", stdin: right)
        #expect(garbled.status == 1)
        #expect(garbled.stderr.contains("was damaged"))
        #expect(garbled.stderr.contains("try again in 1 minute"))
        #expect(try cli.run("auth", "status").stdout.contains("record of failed attempts was damaged"))
        // Both deleted: a first use again (documented; the passcode's cost is the barrier).
        for copy in copies { try FileManager.default.removeItem(atPath: copy) }
        #expect(try cli.run("passcode", "change", "--stdin", stdin: right).status == 0)
    }
}
