import Foundation
import TestSupport
import Testing

/// Files in the data directory replaced by a FIFO, a link to /dev/zero or something huge, and
/// oversized input: each command ends at once with one clear line and a documented exit code,
/// and nothing is overwritten.
@Suite struct HostileFileTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    init() throws {
        // A file-vault keychain (no Secret Service here), holding the data key.
        #expect(try cli.run("lists").status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/keychain.vault"))
    }

    /// Runs the binary with a hard stop after 20 s, so that a hang fails instead of blocking.
    func run(_ arguments: String..., stdin: String = "") throws -> CLIRunner.Result {
        try run(arguments: arguments, stdin: stdin)
    }

    func replace(_ name: String, with make: (String) -> Int32) throws {
        let path = home + "/" + name
        unlink(path)
        #expect(make(path) == 0)
    }

    func expectRefused(_ result: CLIRunner.Result, _ words: String, status: Int32 = 3) {
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(arguments: ["keychain.vault", "keychain.key"])
    func aFIFOInPlaceOfAKeychainFileIsRefused(_ name: String) throws {
        try replace(name) { mkfifo($0, 0o600) }
        for command in [["lists"], ["keychain", "get", "Other"], ["keychain", "set", "Other"]] {
            expectRefused(try run(arguments: command, stdin: "value"), "not a regular file (a FIFO)")
        }
    }

    @Test(arguments: ["keychain.vault", "keychain.key"])
    func aLinkToDevZeroIsRefused(_ name: String) throws {
        try replace(name) { symlink("/dev/zero", $0) }
        for command in [["lists"], ["keychain", "set", "Other"]] {
            expectRefused(try run(arguments: command, stdin: "value"), "is a symbolic link, not a regular file")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home + "/" + name) == "/dev/zero")
    }

    @Test func aVaultOverTheLimitIsRefusedUnread() throws {
        let path = home + "/keychain.vault"
        #expect(truncate(path, 65 << 20) == 0)  // sparse: 65 MiB of nothing
        expectRefused(try run("lists"), "larger than the limit of 67108864 bytes")
        expectRefused(try run("keychain", "set", "Other", stdin: "value"), "larger than the limit")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 65 << 20)
    }

    @Test func aKeychainItemOverOneMiBIsRefusedAndNothingIsWritten() throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: home + "/keychain.vault"))
        // Larger than the limit but small enough for one pipe write (the test writes stdin first).
        let result = try run("keychain", "set", "Big", stdin: String(repeating: "x", count: (1 << 20) + 2))
        expectRefused(result, "larger than 1024 KiB; nothing was stored", status: 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home + "/keychain.vault")) == before)
        #expect(try run("keychain", "set", "Small", stdin: String(repeating: "x", count: 1 << 20)).status == 0)
    }

    @Test func aPasscodeLineOverFourKiBIsRefused() throws {
        let result = try run("passcode", "set", "--stdin", stdin: String(repeating: "7", count: 60_000) + "\n")
        expectRefused(result, "longer than 4096 bytes", status: 2)
        #expect(!FileManager.default.fileExists(atPath: home + "/passcode"))
        #expect(try run("passcode", "set", "--stdin", stdin: "123456\n").status == 0)
        #expect(try run("passcode", "change", "--stdin", stdin: "123456\n567890\n").status == 0)
        #expect(try run("passcode", "remove", "--stdin", stdin: "567890\n").status == 0)
    }

    @Test func aFIFOPasscodeOrAuthStateDoesNotHang() throws {
        try replace("passcode") { mkfifo($0, 0o600) }
        try replace("auth-state.json") { mkfifo($0, 0o600) }
        let status = try run("auth", "status")
        #expect(status.status == 0, "\(status.stderr)")
        expectRefused(try run("passcode", "remove", "--stdin", stdin: "1234\n"), "No passcode is set", status: 1)
    }

    /// A store file SQLite cannot open (a folder in place of the WAL here; a file restored as
    /// root is the same "Permission denied" to its user) is named with the reason: it said
    /// "database error 14: unable to open database file".
    @Test func aStoreFileThatCannotBeOpenedIsNamedWithTheReason() throws {
        try replace("checklists.sqlite-wal") { mkdir($0, 0o700) }
        for command in [["lists"], ["item", "add", "List", "x"]] {
            expectRefused(
                try run(arguments: command), "checklists: cannot open the store's files in \(home): Is a directory")
        }
    }

    @Test func aFIFORemindersStoreIsRefusedButTheItemIsSaved() throws {
        try replace("reminders.sqlite") { mkfifo($0, 0o600) }
        let added = try run("item", "add", "List", "Call", "mum", "--due", "2099-01-01 10:00", "--remind")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("not a regular file (a FIFO)"), "\(added.stderr)")
        // The command's error, after the warning that the waiting reminder is still not set.
        let listed = try run("reminders")
        #expect(listed.status == 3)
        #expect(listed.stderr.hasSuffix("reminders.sqlite: not a regular file (a FIFO)\n"), "\(listed.stderr)")
        unlink(home + "/reminders.sqlite")
        let reminders = try run("reminders", "--json")
        #expect(reminders.status == 0)
        #expect(reminders.stdout.contains("item-0"))
    }
}

extension HostileFileTests {
    func run(arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        try CLIRunner.execute(
            "/usr/bin/setsid", ["-w", "/usr/bin/timeout", "-s", "KILL", "20", CLIRunner.binary] + arguments,
            environment: cli.environment, stdin: stdin)
    }
}
