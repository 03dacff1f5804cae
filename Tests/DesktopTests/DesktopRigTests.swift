import Foundation
import TestSupport
import Testing

/// The desktop app's lock screen with the real rigs: fprintd with libfprint's virtual device,
/// pam_wrapper's pam_matrix, and python-dbusmock's logind (scripts/rig-*.sh); and the undo
/// toast left to time out.
@Suite(.serialized, .enabled(if: DesktopSession.available, "needs Xvfb, AT-SPI and checklists-gtk"))
struct DesktopRigTests {
    /// A stranger's finger shows the hint and offers Enter Password; the account password
    /// (PAM) unlocks; after Ctrl+L the enrolled finger unlocks.
    @Test func fingerprintAndPasswordUnlock() async throws {
        let session = DesktopSession()
        let pam = try PAMRig(password: "account pw")
        let rig = try FprintdRig()
        let environment = [
            "DBUS_SYSTEM_BUS_ADDRESS": rig.busAddress, "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "FPRINT_RIG_DIR": rig.rig.environment["CHECKLISTS_TEST_FPRINT_DIR"] ?? "",
            "FPRINT_ENROLLED": rig.enrolled ?? "", "TEST_PASSWORD": "account pw",
        ]
        let cli = CLIRunner(home: session.home, environment: session.environment(environment))
        _ = try cli.run("list", "add", "Fingered")
        _ = try cli.run("lock", "set", "--reuse", "0")
        // Turning the lock on takes a finger; in a keyring of its own (no cached unlock for the app).
        let enable = try PtySession(
            ["/usr/bin/keyctl", "session", "-", CLIRunner.binary, "lock", "enable"],
            environment: session.environment(environment))
        _ = try enable.expect("Touch the fingerprint reader")
        try rig.scan(matching: true)
        _ = try enable.expect("The app lock is on (fingerprint")
        #expect(try enable.wait() == 0)
        let output = try await session.run("fingerprint.py", environment)
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// Minimising (the window unmapped, as a window manager iconifies it) and a logind session
    /// Lock show the lock screen; a session Lock during a prompt cancels the prompt, the lock
    /// screen asks again once the session is unlocked, and an open Secret window hides the message.
    @Test func locksOnMinimiseAndSessionLock() async throws {
        let session = DesktopSession()
        let rigDirectory = session.dir.appending("logind")
        try FileManager.default.createDirectory(atPath: rigDirectory, withIntermediateDirectories: true)
        let start = try CLIRunner.execute(
            "/bin/bash", [DesktopSession.root + "/scripts/rig-dbusmock.sh", "start", rigDirectory],
            environment: ["PATH": "/usr/bin:/bin", "HOME": session.dir.path])
        defer {
            _ = try? CLIRunner.execute(
                "/bin/bash", [DesktopSession.root + "/scripts/rig-dbusmock.sh", "stop", rigDirectory],
                environment: ["PATH": "/usr/bin:/bin", "HOME": session.dir.path])
        }
        try #require(start.status == 0, "\(start.stderr)")
        let exports = Self.exports(start.stdout)
        let passcode = "violet kestrel 4812"
        let environment = [
            "DBUS_SYSTEM_BUS_ADDRESS": exports["DBUS_SYSTEM_BUS_ADDRESS"] ?? "", "XDG_SESSION_ID": "c1",
            "LOGIND_RIG_DIR": rigDirectory, "TEST_PASSCODE": passcode, "CHECKLISTS_FINGERPRINT": "off",
        ]
        let cli = CLIRunner(home: session.home, environment: session.environment(environment))
        _ = try cli.run("list", "add", "Groceries")
        _ = try cli.run("lock", "set", "--reuse", "0")
        let enabled = try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: passcode + "\n")
        try #require(enabled.status == 0, "\(enabled.stderr)")
        let output = try await session.run("lifecycle.py", environment)
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
    }

    /// A delete left alone: when its undo toast times out the item and its reminder are gone from
    /// the store while the window stays open.
    @Test func undoToastTimesOut() async throws {
        let session = DesktopSession()
        _ = try session.cli.run("list", "add", "Trips")
        _ = try session.cli.run("item", "add", "Trips", "Passport", "--due", "2099-01-01 09:00", "--remind")
        _ = try session.cli.run("item", "add", "Trips", "Tickets")
        #expect(try session.cli.run("reminders").stdout.contains("Passport"))
        let output = try await session.run("toast.py")
        #expect(output.hasSuffix("PASSED\n"), "\(output)")
        #expect(!(try session.cli.run("items", "Trips").stdout.contains("Passport")))
        #expect(!(try session.cli.run("reminders").stdout.contains("Passport")))
    }

    /// The `export NAME=VALUE` lines a rig prints.
    static func exports(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { result[pair[0]] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
        }
        return result
    }
}
