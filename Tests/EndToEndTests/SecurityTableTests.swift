import Foundation
import TestSupport
import Testing

/// What the README's security table says each setup leaves readable at the unlocked session,
/// checked on the built binary so that the table stays true. Nothing read here is printed.
@Suite struct SecurityTableTests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    func environment(_ rig: Rig? = nil) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path,
            "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            "CHECKLISTS_PAM_CONFDIR": pam.confdir, "CHECKLISTS_PASSCODE_COST": "min",
        ]
        for (k, v) in rig?.environment ?? [:] { env[k] = v }
        env["CHECKLISTS_HOME"] = home
        return env
    }

    /// `script` in a shell with its own kernel session keyring, on a pty.
    func session(_ script: String, _ env: [String: String]) throws -> PtySession {
        try PtySession(["/usr/bin/keyctl", "session", "-", "/bin/sh", "-c", script], environment: env)
    }

    /// What `secret-tool search --all service Checklists` shows (never printed: it holds keys).
    func secretToolSearch(_ env: [String: String]) throws -> String {
        let result = try CLIRunner.execute(
            "/usr/bin/secret-tool", ["search", "--all", "service", "Checklists"], environment: env)
        return result.stdout + result.stderr
    }

    @Test func aPasswordLockOnADesktopKeyringProtectsTheScreenNotTheData() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let env = environment(rig)
        let cli = CLIRunner(home: home, environment: env)
        try cli.run("list", "add", "Private")
        let enable = try session("\(CLIRunner.binary) lock enable --method password", env)
        try enable.expect("Password for")
        enable.send("account pw\r")
        try enable.expect("The app lock is on")
        #expect(try enable.wait() == 0)
        #expect(try cli.run("keychain", "status").stdout.contains("Secret Service"))
        // Whoever runs commands in the session reads the key-encryption key and the sealed key.
        let found = try secretToolSearch(env)
        #expect(found.contains("LockKEK.password"))
        #expect(found.contains("LockWrap.kek"))
        #expect(found.contains("secret = "))
    }

    @Test func aPasscodeLockLeavesOnlyTheSealInTheKeyring() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let env = environment(rig)
        let cli = CLIRunner(home: home, environment: env)
        try cli.run("list", "add", "Private")
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let found = try secretToolSearch(env)
        #expect(found.contains("LockWrap.passcode"))
        #expect(!found.contains("LockKEK"))
        #expect(!found.contains("DataKey"))
    }

    @Test func aPasscodeLockSealsKeychainItemsOutOfTheKeyring() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let env = environment(rig)
        let cli = CLIRunner(home: home, environment: env)
        try cli.run("list", "add", "Private")
        #expect(try cli.run("keychain", "set", "before", stdin: "before-value-5c1e").status == 0)
        let unsealed = try secretToolSearch(env).contains("before-value-5c1e")
        #expect(unsealed)  // with the lock off the keyring holds it, as the table says
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let value = dir.appending("value")
        try Data("token-value-9d2b\n".utf8).write(to: URL(fileURLWithPath: value))
        let b = CLIRunner.binary
        let shell = try session(
            "\(b) lists >/dev/null && \(b) keychain set token < \(value) && \(b) keychain get token && \(b) keychain get before"
                + " && \(b) keychain keys | tr '\\n' ' '",
            env)
        try shell.expect("Checklists passcode")
        shell.send("246810\r")
        try shell.expect("token-value-9d2b")
        try shell.expect("before-value-5c1e")
        try shell.expect("before token")  // unlocked (the session's cached key), the names list
        #expect(try shell.wait() == 0)
        let found = try secretToolSearch(env)
        #expect(found.contains("LockWrap.passcode"))  // the search sees Checklists' items
        let leaked = ["token-value", "before-value", "attribute.key = token", "attribute.key = before"]
            .filter(found.contains)
        #expect(leaked.isEmpty, "the keyring holds \(leaked)")
        // The names are sealed too: without an unlock they are not listed.
        let keys = try cli.run("keychain", "keys")
        #expect(keys.status != 0 && !keys.stdout.contains("token") && !keys.stdout.contains("before"), "\(keys.stderr)")
    }

    @Test func theCachedKeyIsReadableInTheSessionDuringTheReuseWindow() throws {
        let cli = CLIRunner(home: home, environment: environment())
        try cli.run("list", "add", "Private")
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        // Another process of the session (here keyctl) reads the cached data key; only its
        // length is printed.
        let script = """
            \(CLIRunner.binary) lists >/dev/null
            for id in $(keyctl rlist @s); do
                case $(keyctl rdescribe $id) in user\\;*checklists:data-key*) echo "cached: $(keyctl pipe $id | wc -c) bytes";; esac
            done
            """
        let shell = try session(script, environment())
        try shell.expect("Checklists passcode")
        shell.send("246810\r")
        try shell.expect("cached: 32 bytes")
        #expect(try shell.wait() == 0)
    }
}
