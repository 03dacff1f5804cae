import Foundation
import Keychain
import Sodium
import TestSupport
import Testing

/// The shipped (release) binary honours no test hook: each hook variable, set to a hostile
/// value, changes nothing. The binary is `$CHECKLISTS_RELEASE_BIN`, which `scripts/test.sh`
/// builds and sets; the debug binary is run beside it to show that each attack is real.
@Suite struct ReleaseHooksTests {
    static let hooks = [
        "CHECKLISTS_PAM_CONFDIR", "CHECKLISTS_FINGERPRINT", "CHECKLISTS_FINGER_TIMEOUT", "CHECKLISTS_PASSCODE_COST",
    ]

    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    /// The release binary; a clear failure when the suite was started without it.
    func release() throws -> String {
        let path = ProcessInfo.processInfo.environment["CHECKLISTS_RELEASE_BIN"] ?? ""
        try #require(
            !path.isEmpty && FileManager.default.isExecutableFile(atPath: path),
            "CHECKLISTS_RELEASE_BIN must name the release build of checklists: run 'make test' or scripts/test.sh")
        return path
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
        for (k, v) in extra { env[k] = v }
        return env
    }

    func run(_ binary: String, _ arguments: [String], _ env: [String: String], stdin: String = "") throws
        -> CLIRunner.Result
    {
        try CLIRunner.execute("/usr/bin/setsid", ["-w", binary] + arguments, environment: env, stdin: stdin)
    }

    /// `binary ARGS` on a pty in its own kernel session keyring (no cached unlock).
    func pty(_ binary: String, _ arguments: [String], _ env: [String: String]) throws -> PtySession {
        try PtySession(["/usr/bin/keyctl", "session", "-", binary] + arguments, environment: env)
    }

    @Test func theReleaseBinaryNamesNoHook() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try release()))
        for hook in Self.hooks { #expect(bytes.range(of: Data(hook.utf8)) == nil, "\(hook)") }
        // The check can fail: the debug binary has them.
        let debug = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.binary))
        #expect(debug.range(of: Data("CHECKLISTS_PAM_CONFDIR".utf8)) != nil)
    }

    @Test func aPermissivePAMConfigurationDoesNotOpenAPasswordLock() throws {
        let binary = try release()
        let pam = try PAMRig(password: "account pw")
        let setup = environment(["CHECKLISTS_PAM_CONFDIR": pam.confdir, "CHECKLISTS_PASSCODE_COST": "min"])
        #expect(try run(CLIRunner.binary, ["list", "add", "Private"], setup).status == 0)
        let enable = try pty(CLIRunner.binary, ["lock", "enable", "--method", "password"], setup)
        try enable.expect("Password for")
        enable.send("account pw\r")
        try enable.expect("The app lock is on")
        #expect(try enable.wait() == 0)

        let permit = dir.appending("permit")
        try FileManager.default.createDirectory(atPath: permit, withIntermediateDirectories: true)
        for service in ["checklists", "other"] {
            try "auth sufficient pam_permit.so\naccount sufficient pam_permit.so\n".write(
                toFile: permit + "/" + service, atomically: true, encoding: .utf8)
        }
        let hostile = environment(["CHECKLISTS_PAM_CONFDIR": permit])
        // The debug binary takes the hook: any password opens the lock.
        let debug = try pty(CLIRunner.binary, ["lists"], hostile)
        try debug.expect("Password for")
        debug.send("anything\r")
        try debug.expect("Private")
        #expect(try debug.wait() == 0)
        // The release binary asks the system's PAM, which refuses.
        for arguments in [["lists"], ["lock", "disable"]] {
            let shell = try pty(binary, arguments, hostile)
            for _ in 0..<3 {
                guard (try? shell.expect("Password for", timeout: 8)) != nil else { break }
                shell.send("anything\r")
            }
            #expect(try shell.wait(timeout: 60) != 0, "\(arguments)")
            #expect(!shell.transcript.contains("Private"), "\(arguments)")
            #expect(!shell.transcript.contains("The app lock is off"), "\(arguments)")
        }
        #expect(try run(binary, ["lists"], hostile).status != 0)
        #expect(try run(CLIRunner.binary, ["lock", "status"], setup).stdout.contains("App lock: on"))
    }

    @Test func aCheapCostHookDoesNotWeakenANewPasscode() throws {
        let binary = try release()
        let cheap = environment(["CHECKLISTS_PASSCODE_COST": "min"])
        #expect(try run(binary, ["list", "add", "Private"], cheap).status == 0)
        let enable = try run(
            binary, ["lock", "enable", "--method", "passcode", "--stdin"], cheap, stdin: "correct horse\n")
        #expect(enable.status == 0)
        let cost = PasswordHash.passcode
        let verifier = try String(contentsOfFile: home + "/passcode", encoding: .utf8)
        #expect(verifier.hasPrefix("$argon2id$v=19$m=\(cost.memLimit >> 10),t=\(cost.opsLimit),p=1$"))
        let vault = FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key"))
        let names = try vault.keys(service: KeychainWrapper.defaultServiceName).filter {
            $0.hasPrefix("LockWrap.passcode")
        }
        #expect(!names.isEmpty)
        for name in names {
            let wrap = try #require(try vault.read(service: KeychainWrapper.defaultServiceName, key: name)).data
            let header = try #require(PasswordHash.read(header: Array(wrap).dropFirst()[...]))
            #expect(header.cost == cost, "\(name)")
        }
    }

    @Test func fingerprintHooksChangeNothing() throws {
        let binary = try release()
        let rig = try FprintdRig()
        let hostile = environment([
            "DBUS_SYSTEM_BUS_ADDRESS": rig.busAddress, "CHECKLISTS_FINGERPRINT": "off",
            "CHECKLISTS_FINGER_TIMEOUT": "0.2",
        ])
        let status = try run(binary, ["auth", "status", "--json"], hostile)
        let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(object?["fingerprint"] as? String == "ready")
        // A finger put on the reader a second later still counts (the timeout is not 0.2 s).
        let shell = try pty(binary, ["auth", "test", "--policy", "biometrics"], hostile)
        try shell.expect("Touch the fingerprint reader")
        usleep(1_000_000)
        try rig.scan(matching: true)
        try shell.expect("Authenticated (fingerprint).")
        #expect(try shell.wait() == 0)
    }
}
