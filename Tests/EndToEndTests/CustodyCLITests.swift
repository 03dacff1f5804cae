import ChecklistsKit
import Foundation
import Keychain
import Sodium
import Synchronization
import TestSupport
import Testing

/// Where the data key and the secret message live, end to end: key items named by the store,
/// found in either backend, written so that a kill at any moment loses nothing, and the secret
/// message behind the same custody as the data key.
@Suite struct CustodyCLITests {
    let dir = TemporaryDirectory()
    static let passcode = "246810"
    static let marker = "marker-7f3a-not-a-real-secret"

    func environment(home: String, bus: Rig? = nil) -> [String: String] {
        var env = [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min",
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ]
        if let bus { env["DBUS_SESSION_BUS_ADDRESS"] = bus.environment["DBUS_SESSION_BUS_ADDRESS"] }
        return env
    }

    func cli(_ home: String, bus: Rig? = nil) -> CLIRunner {
        CLIRunner(home: home, environment: environment(home: home, bus: bus))
    }

    /// A shell running `script` on a pty, in its own kernel session keyring.
    func session(_ script: String, home: String, bus: Rig? = nil) throws -> PtySession {
        try PtySession(
            ["/usr/bin/keyctl", "session", "-", "/bin/sh", "-c", script],
            environment: environment(home: home, bus: bus))
    }

    func vault(_ home: String) -> KeychainWrapper {
        KeychainWrapper(
            serviceName: "Checklists",
            backend: FileVault(path: home + "/keychain.vault", keySource: .keyFile(home + "/keychain.key")))
    }

    func enablePasscode(_ home: String, bus: Rig? = nil, _ passcode: String = passcode) throws {
        let result = try cli(home, bus: bus).run(
            "lock", "enable", "--method", "passcode", "--stdin", stdin: passcode + "\n")
        #expect(result.status == 0, "lock enable: \(result.stderr)")
    }

    /// Runs `lists` on a pty, answering the passcode prompt with each of `passcodes` in turn.
    /// - Returns: whether the list `name` was shown.
    func opens(_ home: String, bus: Rig? = nil, with passcodes: [String], showing name: String) throws -> Bool {
        let shell = try session("\(CLIRunner.binary) lists", home: home, bus: bus)
        try shell.expect("Checklists passcode")
        for passcode in passcodes {
            shell.send(passcode + "\r")
            for _ in 0..<40 {
                if (try? shell.expect(name, timeout: 0.25)) != nil { return true }
                if (try? shell.expect("Wrong passcode", timeout: 0.01)) != nil { break }
            }
        }
        return false
    }

    // MARK: - One keyring, several stores (bypass 5)

    @Test func twoHomesOnOneKeyringKeepTheirOwnKeys() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let (a, b) = (dir.appending("a"), dir.appending("b"))
        #expect(try cli(a, bus: rig).run("list", "add", "Alpha").status == 0)
        #expect(try cli(b, bus: rig).run("list", "add", "Beta").status == 0)
        #expect(try cli(b, bus: rig).run("keychain", "status").stdout.contains("Keychain: Secret Service"))
        try enablePasscode(a, bus: rig)
        let other = try cli(b, bus: rig).run("lists")
        #expect(other.status == 0, "the other home lost its key: \(other.stderr)")
        #expect(other.stdout.contains("Beta"))
        #expect(try opens(a, bus: rig, with: [Self.passcode], showing: "Alpha"))
        // Turning the lock off in one home leaves the other alone, too.
        try enablePasscode(b, bus: rig)
        #expect(try opens(b, bus: rig, with: [Self.passcode], showing: "Beta"))
        #expect(try opens(a, bus: rig, with: [Self.passcode], showing: "Alpha"))
    }

    @Test func dataMadeWithTheFileVaultOpensWhereTheSecretServiceIsAvailable() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let plain = dir.appending("plain")
        #expect(try cli(plain).run("list", "add", "Made over SSH").status == 0)
        let desktop = try cli(plain, bus: rig).run("lists")
        #expect(desktop.status == 0, "\(desktop.stderr)")
        #expect(desktop.stdout.contains("Made over SSH"))
        #expect(try cli(plain, bus: rig).run("keychain", "use", "secret-service").status == 0)
        #expect(try cli(plain, bus: rig).run("lists").stdout.contains("Made over SSH"))

        let locked = dir.appending("locked")
        #expect(try cli(locked).run("list", "add", "Locked over SSH").status == 0)
        try enablePasscode(locked)
        #expect(try opens(locked, bus: rig, with: [Self.passcode], showing: "Locked over SSH"))
        // And back where there is no Secret Service: the vault still has it.
        #expect(try opens(locked, with: [Self.passcode], showing: "Locked over SSH"))
    }

    @Test func anUnnamedKeyFromEarlierVersionsIsAdoptedAndRemovedWithTheLockOn() throws {
        let home = dir.appending("legacy")
        do {
            let store = try ChecklistStore(directory: home, keyProvider: KeychainKeyProvider(keychain: vault(home)))
            _ = try store.addChecklist(name: "From before")
        }
        #expect(vault(home).allKeys() == ["DataKey"])
        #expect(try cli(home).run("lists").stdout.contains("From before"))
        #expect(vault(home).allKeys().contains { $0.hasPrefix("DataKey.") })
        try enablePasscode(home)
        let left = vault(home).allKeys()
        #expect(!left.contains { $0.hasPrefix("DataKey") }, "a plain data key stayed: \(left.sorted())")
        #expect(try opens(home, with: [Self.passcode], showing: "From before"))
    }

    // MARK: - Crash windows (bypass 4)

    @Test func killingAPasscodeChangeOnTheSecretServiceNeverLosesTheKey() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let next = "135791"
        // The change takes ~80 ms here: the kills are spread over all of it.
        for round in 0..<8 {
            let home = dir.appending("change\(round)")
            #expect(try cli(home, bus: rig).run("list", "add", "Survivor").status == 0)
            try enablePasscode(home, bus: rig)
            let pid = try CLIRunner.spawnDetached(
                "/usr/bin/setsid", ["-w", CLIRunner.binary, "passcode", "change", "--stdin"],
                environment: environment(home: home, bus: rig), stdin: "\(Self.passcode)\n\(next)\n")
            usleep(UInt32(round) * 12_000 + UInt32.random(in: 0...12_000))  // 0-96 ms
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            #expect(
                try opens(home, bus: rig, with: [next, Self.passcode], showing: "Survivor"),
                "round \(round): neither passcode opens the data")
        }
    }

    /// `lock enable` gives the store a new data key: killed at any moment, the store opens with
    /// the custody its setting names, and once the lock is on the key copied before opens nothing.
    @Test func killingALockEnableNeverLosesTheDataAndLeavesTheOldKeyUseless() throws {
        var outcomes: [LockMethod] = []
        for round in 0..<12 {
            let home = dir.appending("enable\(round)")
            #expect(try cli(home).run("list", "add", "Survivor").status == 0)
            let name = try #require(vault(home).allKeys().first { $0.hasPrefix(KeyItems.dataKey + ".") })
            var copied = try #require(vault(home).data(forKey: name).map(Array.init))
            let oldKey = try SecureBytes(consuming: &copied)
            let pid = try CLIRunner.spawnDetached(
                "/usr/bin/setsid", ["-w", CLIRunner.binary, "lock", "enable", "--method", "passcode", "--stdin"],
                environment: environment(home: home), stdin: Self.passcode + "\n")
            usleep(UInt32(round) * 2_000 + UInt32.random(in: 0...2_000))  // 0-24 ms of its ~18 ms
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            outcomes.append(LockSettings.read(directory: home).method)
            if outcomes.last == .off {
                let lists = try cli(home).run("lists")
                #expect(lists.status == 0 && lists.stdout.contains("Survivor"), "round \(round): \(lists.stderr)")
            } else {
                #expect(!ChecklistStore.keyOpens(oldKey, directory: home), "round \(round)")
                #expect(try opens(home, with: [Self.passcode], showing: "Survivor"), "round \(round)")
                let left = vault(home).allKeys()
                #expect(!left.contains { $0.hasPrefix(KeyItems.dataKey) }, "round \(round): \(left.sorted())")
            }
        }
        print("lock enable killed: \(outcomes.map(\.rawValue))")
    }

    /// Two changes of the lock at once (a script, two terminals): each finishes whole or stops
    /// saying another process changed the lock; the store always opens with the custody its
    /// setting names and keeps its items, and the app passcode is the one the lock uses (two
    /// `lock enable`s used to keep the loser's as the app passcode).
    @Test func twoLockChangesAtOnceLoseNothing() throws {
        let (first, second) = ("135791", "975313")
        let change = { (new: String) in (["passcode", "change", "--stdin"], "\(Self.passcode)\n\(new)\n\(new)\n") }
        let enable = { (new: String) in (["lock", "enable", "--method", "passcode", "--stdin"], new + "\n") }
        for round in 0..<9 {
            let home = dir.appending("race\(round)")
            #expect(try cli(home).run("list", "add", "Survivor").status == 0)
            #expect(try cli(home).run("lock", "set", "--reuse", "0").status == 0)
            let runs: [([String], String)]
            switch round % 3 {
            case 0: runs = [change(first), change(second)]
            case 1: runs = [change(first), (["lock", "disable", "--stdin"], Self.passcode + "\n")]
            default: runs = [enable(first), enable(second)]
            }
            if round % 3 != 2 {
                let enabled = try cli(home).run(arguments: enable(Self.passcode).0, stdin: enable(Self.passcode).1)
                #expect(enabled.status == 0, "\(enabled.stderr)")
            }
            let results = Mutex<[CLIRunner.Result?]>([nil, nil])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let result = try? cli(home).run(arguments: runs[index].0, stdin: runs[index].1)
                results.withLock { $0[index] = result }
            }
            let outcomes = results.withLock { $0 }.compactMap { $0 }
            #expect(outcomes.count == 2 && outcomes.contains { $0.status == 0 }, "round \(round)")
            for outcome in outcomes where outcome.status != 0 {
                let said = outcome.stderr
                #expect(
                    said.contains("another Checklists process changed the app lock") || said.contains("Wrong passcode"),
                    "round \(round): \(said)")
            }
            if LockSettings.read(directory: home).method == .off {
                let lists = try cli(home).run("lists")
                #expect(lists.status == 0 && lists.stdout.contains("Survivor"), "round \(round): \(lists.stderr)")
            } else {
                let used = [first, second].first { passcode in
                    (try? cli(home).run("export", "--format", "json", "--stdin", stdin: passcode + "\n").status) == 0
                }
                #expect(used != nil, "round \(round)")
                if let used {
                    let again = try cli(home).run(arguments: change(used).0, stdin: "\(used)\n\(used)1\n\(used)1\n")
                    #expect(again.status == 0, "round \(round): the app passcode is not the lock's: \(again.stderr)")
                }
            }
            #expect(!vault(home).allKeys().contains { $0.hasSuffix(".rekey") }, "round \(round)")
        }
    }

    @Test func killingKeychainUseNeverLosesTheKey() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let home = dir.appending("moving")
        #expect(try cli(home, bus: rig).run("list", "add", "Survivor").status == 0)
        for round in 0..<16 {
            let target = round % 2 == 0 ? "file" : "secret-service"
            let pid = try CLIRunner.spawnDetached(
                "/usr/bin/setsid", ["-w", CLIRunner.binary, "keychain", "use", target],
                environment: environment(home: home, bus: rig), stdin: "")
            usleep(UInt32(round / 2) * 12_000 + UInt32.random(in: 0...12_000))  // 0-96 ms of its ~80 ms
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let lists = try cli(home, bus: rig).run("lists")
            #expect(lists.status == 0 && lists.stdout.contains("Survivor"), "round \(round): \(lists.stderr)")
        }
    }

    // MARK: - The secret message (bypass 2)

    @Test func everyPathToTheSecretAuthenticates() throws {
        let home = dir.appending("secret")
        #expect(try cli(home).run("lists").status == 0)
        #expect(vault(home).set(Self.marker, forKey: "SecretMessage"))
        let get = try cli(home).run("keychain", "get", "SecretMessage")
        let printed = get.stdout.contains(Self.marker)
        #expect(get.status != 0 && !printed)
        #expect(try cli(home).run("keychain", "set", "SecretMessage", stdin: "overwritten").status != 0)
        #expect(try cli(home).run("keychain", "remove", "SecretMessage").status != 0)
        let kept = vault(home).string(forKey: "SecretMessage") == Self.marker
        #expect(kept)
        // With the lock on too.
        try enablePasscode(home)
        let locked = try cli(home).run("keychain", "get", "SecretMessage")
        let leaked = locked.stdout.contains(Self.marker)
        #expect(locked.status != 0 && !leaked)
    }

    @Test func withTheLockOnTheSecretIsSealedUnderTheDataKeyAndMovesBackWhenOff() throws {
        let home = dir.appending("sealed")
        #expect(try cli(home).run("lists").status == 0)
        #expect(vault(home).set(Self.marker, forKey: "SecretMessage"))
        try enablePasscode(home)
        #expect(!vault(home).allKeys().contains("SecretMessage"), "the secret stayed in the vault")
        let bytes = try dir.allBytes()
        #expect(!bytes.contains(utf8: Self.marker))
        let shell = try session("\(CLIRunner.binary) secret", home: home)
        try shell.expect("Checklists passcode")
        shell.send(Self.passcode + "\r")
        let shown = (try? shell.expect(Self.marker)) != nil
        #expect(shown)
        _ = try shell.wait()
        let off = try session("\(CLIRunner.binary) lock disable", home: home)
        try off.expect("Checklists passcode")
        off.send(Self.passcode + "\r")
        try off.expect("The app lock is off.")
        #expect(try off.wait() == 0)
        let back = vault(home).string(forKey: "SecretMessage") == Self.marker
        #expect(back)
        let rows = try CLIRunner.execute(
            "/usr/bin/sqlite3",
            [home + "/checklists.sqlite", "SELECT count(*) FROM settings WHERE key='SecretMessage'"],
            environment: [:])
        #expect(rows.stdout == "0\n")
    }

    // MARK: - The user's keychain items

    /// Writes `text` to a file in the test directory, for a command's standard input on a pty.
    func file(_ text: String) throws -> String {
        let path = dir.appending("input-\(UUID().uuidString)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The number of keychain items sealed in the store of `home`.
    func sealedRows(_ home: String) throws -> String {
        try CLIRunner.execute(
            "/usr/bin/sqlite3",
            [home + "/checklists.sqlite", "SELECT count(*) FROM settings WHERE key LIKE 'KeychainItem.%'"],
            environment: [:]
        ).stdout
    }

    @Test func withTheLockOnKeychainItemsAreSealedAndComeBackWhenItIsOff() throws {
        let home = dir.appending("items")
        #expect(try cli(home).run("keychain", "set", "token", stdin: Self.marker).status == 0)
        try enablePasscode(home)
        // Seed-style code reading the vault (as a copy of the data directory would) sees nothing.
        #expect(vault(home).string(forKey: "token") == nil)
        let bytes = try dir.allBytes()
        #expect(!bytes.contains(utf8: Self.marker))
        #expect(try sealedRows(home) == "1\n")
        let b = CLIRunner.binary
        let later = try file("later-value-31\n")
        let shell = try session(
            "\(b) keychain get token && \(b) keychain set later < \(later) && \(b) keychain keys", home: home)
        try shell.expect("Checklists passcode")
        shell.send(Self.passcode + "\r")
        let shown = (try? shell.expect(Self.marker)) != nil
        #expect(shown)
        try shell.expect("later")
        #expect(try shell.wait() == 0)
        #expect(vault(home).string(forKey: "later") == nil)
        let off = try session("\(b) lock disable", home: home)
        try off.expect("Checklists passcode")
        off.send(Self.passcode + "\r")
        try off.expect("The app lock is off.")
        #expect(try off.wait() == 0)
        let back = vault(home).string(forKey: "token") == Self.marker
        #expect(back)
        #expect(vault(home).string(forKey: "later") == "later-value-31")
        #expect(try sealedRows(home) == "0\n")
    }

    @Test func aKeychainItemLeftInTheVaultWithTheLockOnIsSweptIntoTheStore() throws {
        let home = dir.appending("leftover")
        #expect(try cli(home).run("keychain", "set", "both", stdin: "same-value").status == 0)
        try enablePasscode(home)
        // What a kill between the copy and the delete leaves (both places), and an item seed-style
        // code wrote past the app (the vault only).
        #expect(vault(home).set("same-value", forKey: "both"))
        #expect(vault(home).set(Self.marker, forKey: "left"))
        let b = CLIRunner.binary
        let shell = try session("\(b) keychain get left && \(b) keychain get both", home: home)
        try shell.expect("Checklists passcode")
        shell.send(Self.passcode + "\r")
        let shown = (try? shell.expect(Self.marker)) != nil
        #expect(shown)
        try shell.expect("same-value")
        #expect(try shell.wait() == 0)
        let keys = vault(home).allKeys()
        #expect(!keys.contains("left") && !keys.contains("both"))
        #expect(try sealedRows(home) == "2\n")
    }

    @Test func aWrongOrCancelledUnlockShowsNoKeychainItem() throws {
        let home = dir.appending("refused")
        #expect(try cli(home).run("keychain", "set", "token", stdin: Self.marker).status == 0)
        try enablePasscode(home)
        let wrong = try session("\(CLIRunner.binary) keychain get token", home: home)
        for _ in 0..<3 {
            try wrong.expect("Checklists passcode")
            wrong.send("000000\r")
        }
        #expect(try wrong.wait() != 0)
        let cancelled = try session("\(CLIRunner.binary) keychain get token", home: home)
        try cancelled.expect("Checklists passcode")
        cancelled.send("\u{1b}")
        #expect(try cancelled.wait() != 0)
        let shown = wrong.transcript.contains(Self.marker) || cancelled.transcript.contains(Self.marker)
        #expect(!shown)
    }

    @Test func aSwappedPasscodeVerifierOpensNothing() throws {
        let home = dir.appending("victim")
        let mine = dir.appending("attacker")
        #expect(try cli(home).run("list", "add", "Private").status == 0)
        #expect(vault(home).set(Self.marker, forKey: "SecretMessage"))
        try enablePasscode(home)
        #expect(try cli(mine).run("lists").status == 0)
        try enablePasscode(mine, "999999")
        let forged = try Data(contentsOf: URL(fileURLWithPath: mine + "/passcode"))
        try forged.write(to: URL(fileURLWithPath: home + "/passcode"))
        let shell = try session("\(CLIRunner.binary) secret", home: home)
        try shell.expect("Checklists passcode")
        shell.send("999999\r")
        try shell.expect("Wrong passcode")
        let shown = shell.transcript.contains(Self.marker)
        #expect(!shown)
    }

    @Test func theReuseWindowLeavesNoFileToForge() throws {
        let home = dir.appending("stamp")
        #expect(try cli(home).run("passcode", "set", "--stdin", stdin: Self.passcode + "\n").status == 0)
        let shell = try session("\(CLIRunner.binary) auth test --reuse 60", home: home)
        try shell.expect("Checklists passcode")
        shell.send(Self.passcode + "\r")
        try shell.expect("Authenticated")
        #expect(try shell.wait() == 0)
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.contains("auth-stamp") })
    }
}
