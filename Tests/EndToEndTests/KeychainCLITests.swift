import ChecklistsKit
import Foundation
import TestSupport
import Testing

/// The data key's custody and `checklists keychain …`, on the built binary.
@Suite struct KeychainCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    @Test func withoutASessionBusTheFileVaultIsUsed() throws {
        let cli = CLIRunner(home: home)
        try cli.run("list", "add", "Groceries")
        let status = try cli.run("keychain", "status")
        #expect(status.stdout.contains("Keychain: file vault — no usable Secret Service"))
        #expect(status.stdout.contains("the data key is here"))
        #expect(!FileManager.default.fileExists(atPath: home + "/data.key"))
        let keys = try cli.run("keychain", "keys").stdout.split(separator: "\n")
        #expect(keys.count == 1 && keys[0].hasPrefix("DataKey."))  // named by the store's identity
        #expect(try cli.run("keychain", "set", "Greeting", stdin: "hi\n").status == 0)
        #expect(try cli.run("keychain", "get", "Greeting").stdout == "hi\n")
        #expect(try cli.run("keychain", "get", "DataKey").status == 1)
        #expect(try cli.run("keychain", "remove", "DataKey").status == 1)
        #expect(try cli.run("lists").stdout.contains("Groceries"))
    }

    /// A value that is not UTF-8 text (a binary key file) is refused: it was stored and came back
    /// from `keychain get` with U+FFFD in place of its bytes, `--json` too.
    @Test func aValueThatIsNotTextIsRefusedNotMangled() throws {
        let cli = CLIRunner(home: home)
        try cli.run("keychain", "set", "Key", stdin: "old\n")
        let file = dir.appending("key.bin")
        #expect(FileManager.default.createFile(atPath: file, contents: Data([0x00, 0xFF, 0xFE, 0x80, 0x41])))
        let refused = try cli.run(redirecting: "< '\(file)'", ["keychain", "set", "Key"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.hasPrefix("checklists: the value on standard input is not valid UTF-8; nothing was stored"))
        #expect(try cli.run("keychain", "get", "Key").stdout == "old\n")
    }

    /// Only the custody items are refused: an item of the user's that merely starts like one
    /// ("Lockbox", "DataKeyboard") is removed as any other (it was refused as the app lock's).
    @Test func itemsNamedLikeTheLocksOwnCanBeRemoved() throws {
        let cli = CLIRunner(home: home)
        for name in ["Lockbox", "DataKeyboard", "LockWrapper"] {
            #expect(try cli.run("keychain", "set", name, stdin: "mine\n").status == 0)
            let removed = try cli.run("keychain", "remove", name)
            #expect(removed.status == 0, "\(name): \(removed.stderr)")
            #expect(try cli.run("keychain", "get", name).status != 0)
        }
        let lockItem = try cli.run("keychain", "remove", "LockKEK.password")
        #expect(lockItem.status == 1)
        #expect(lockItem.stderr.contains("belongs to the app lock"), "\(lockItem.stderr)")
    }

    @Test func anOldKeyFileMovesIntoTheKeychainAndEveryRowStaysReadable() throws {
        do {
            let old = try ChecklistStore(directory: home, keyProvider: FileKeyProvider(path: home + "/data.key"))
            let list = try old.addChecklist(name: "Before the keychain")
            for i in 0..<20 { try old.addItem(NewItem(text: "item \(i)"), to: list.id) }
        }
        #expect(FileManager.default.fileExists(atPath: home + "/data.key"))
        let cli = CLIRunner(home: home)
        let items = try cli.run("items", "Before the keychain", "--json")
        #expect(items.status == 0)
        #expect(items.stdout.components(separatedBy: "\"text\"").count == 21)
        #expect(!FileManager.default.fileExists(atPath: home + "/data.key"))
        #expect(try cli.run("keychain", "keys").stdout.contains("DataKey"))
        #expect(try cli.run("lists").stdout.contains("Before the keychain"))
    }

    @Test func secretServiceHoldsTheKeyAndADeadDaemonIsAClearErrorWithoutLoss() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let cli = CLIRunner(home: home, environment: rig.environment)
        try cli.run("list", "add", "Keyring list")
        #expect(try cli.run("keychain", "status").stdout.contains("Keychain: Secret Service"))
        #expect(!FileManager.default.fileExists(atPath: home + "/keychain.vault"))
        try rig.run("kill-daemon")
        let dead = try cli.run("lists")
        #expect(dead.status == 3)
        #expect(dead.stderr.contains("data key is missing"))
        #expect(dead.stderr.contains("no usable Secret Service"))
        let forced = try cli.run("lists", "--keychain", "secret-service")
        #expect(forced.status == 3)
        #expect(forced.stderr.contains("keychain unavailable"))
        // The keyring comes back: everything is still there.
        try rig.run("stop")
        let again = try Rig.restart(rig, stdin: "pw")
        let back = try CLIRunner(home: home, environment: again.environment).run("lists")
        #expect(back.stdout.contains("Keyring list"))
    }

    @Test func movingBetweenBackendsKeepsTheData() throws {
        let rig = try Rig("keyring", stdin: "pw")
        let cli = CLIRunner(home: home, environment: rig.environment)
        try cli.run("list", "add", "Portable", "--keychain", "file")
        #expect(try cli.run("keychain", "status", "--keychain", "file").stdout.contains("the data key is here"))
        #expect(try cli.run("keychain", "use", "secret-service", "--keychain", "file").status == 0)
        #expect(try cli.run("keychain", "status").stdout.contains("Keychain: Secret Service"))
        #expect(try cli.run("lists").stdout.contains("Portable"))
    }

    @Test func killingAVaultWriterNeverCorruptsTheVault() throws {
        let cli = CLIRunner(home: home)
        try cli.run("lists")
        try cli.run("keychain", "set", "first", stdin: "1")
        for round in 0..<15 {
            let pid = try CLIRunner.spawnDetached(
                "/usr/bin/setsid", ["-w", CLIRunner.binary, "keychain", "set", "k\(round)"],
                environment: cli.environment,
                stdin: String(repeating: "x", count: 5000))
            usleep(UInt32.random(in: 0...15_000))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let keys = try cli.run("keychain", "keys")
            #expect(keys.status == 0, "round \(round): \(keys.stderr)")
            #expect(keys.stdout.contains("first"))
            #expect(keys.stdout.contains("DataKey"))
        }
        #expect(try cli.run("keychain", "get", "first").stdout == "1\n")
    }
}
