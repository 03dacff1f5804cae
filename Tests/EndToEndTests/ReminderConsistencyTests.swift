import Foundation
import Reminders
import TestSupport
import Testing

/// The items (checklists.sqlite) and the pending reminders (reminders.sqlite) agree after any
/// kill and with a damaged reminders store: the reminder outbox (see `ReminderOutbox`).
@Suite struct ReminderConsistencyTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// Reconciles with one more command, then compares: every reminded item due in the future
    /// has exactly its reminder (its text, its minute) and nothing else is pending.
    func expectAgreement(_ note: Comment) throws {
        #expect(try cli.run("lists").status == 0, note)
        let items = try #require(try cli.json("items", "Crash") as? [[String: Any]])
        let reminders = try #require(try cli.json("reminders") as? [[String: Any]])
        var expected: [String: String] = [:]
        for item in items where item["remind"] as? Bool == true {
            guard let due = item["due"] as? String, due > "2026" else { continue }  // future ones are in 2099
            expected["item-\(item["id"] as? Int ?? -1)"] = "\(item["text"] as? String ?? "") @ \(due)"
        }
        var pending: [String: String] = [:]
        for reminder in reminders {
            pending[reminder["identifier"] as? String ?? ""] =
                "\(reminder["title"] as? String ?? "") @ \(reminder["fireAt"] as? String ?? "")"
        }
        #expect(pending == expected, note)
    }

    @Test func killedItemCommandsLeaveRemindersThatMatchTheItems() throws {
        #expect(try cli.run("settings", "notifications", "on").status == 0)
        #expect(try cli.run("list", "add", "Crash").status == 0)
        // The kill window spans a whole command, so kills land before, in and after the commit.
        let started = Date()
        #expect(try cli.run("item", "add", "Crash", "seed", "--due", "2099-01-01 10:00", "--remind").status == 0)
        let window = UInt32(max(Date().timeIntervalSince(started) * 1.3, 0.02) * 1_000_000)
        var random = SplitMix(seed: UInt64(Date().timeIntervalSince1970))
        let seed = random.state
        var ids: [Int] = [0]
        var killed = 0
        for round in 0..<240 {
            let id = ids.isEmpty ? "0" : String(ids[Int(random.next() % UInt64(ids.count))])
            let minute = String(format: "%02d", Int(random.next() % 60))
            let arguments: [String] =
                switch random.next() % 6 {
                case 0, 1: ["item", "add", "Crash", "r\(round)", "--due", "2099-03-04 10:\(minute)", "--remind"]
                case 2: ["item", "edit", id, "--no-remind"]
                case 3: ["item", "edit", id, "--text", "e\(round)", "--due", "2099-05-06 11:\(minute)", "--remind"]
                case 4: ["item", "edit", id, "--due", "2001-01-01 08:00"]
                default: ["item", "delete", id]
                }
            let pid = try CLIRunner.spawnDetached(CLIRunner.binary, arguments, environment: cli.environment, stdin: "")
            usleep(UInt32(random.next() % UInt64(window)))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            if status & 0x7f == SIGKILL { killed += 1 }
            if round % 30 == 29 {
                try expectAgreement("seed \(seed), after round \(round), \(killed) killed so far")
                let items = try #require(try cli.json("items", "Crash") as? [[String: Any]])
                ids = items.compactMap { $0["id"] as? Int }
            }
        }
        #expect(killed > 0, "seed \(seed): no command was killed; the window is \(window) µs")
    }

    @Test func aDamagedRemindersStoreDoesNotFailTheItemAndCatchesUpLater() throws {
        #expect(try cli.run("settings", "notifications", "on").status == 0)
        #expect(try cli.run("list", "add", "Crash").status == 0)
        let path = home + "/reminders.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
        let added = try cli.run("item", "add", "Crash", "Call", "mum", "--due", "2099-01-01 10:00", "--remind")
        #expect(added.status == 0)
        #expect(added.stdout.contains("Added item"))
        #expect(added.stderr.contains("reminders not updated yet"))
        #expect(added.stderr.split(separator: "\n").count == 1)
        // In words, not Swift's spelling of the error (it was `corrupt(path: "…")`).
        #expect(
            added.stderr.contains("(reminders store: \(path) is not a Checklists database or is damaged"),
            "\(added.stderr)")
        let listed = try cli.run("reminders")
        #expect(listed.status == 3)
        #expect(
            listed.stderr.hasSuffix(
                "\nchecklists: reminders store: \(path) is not a Checklists database or is damaged; "
                    + "it was left untouched\n"), "\(listed.stderr)")
        let items = try #require(try cli.json("items", "Crash") as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["Call mum"])
        // The user moves the damaged file away: the next command sets the waiting reminder.
        unlink(path)
        #expect(try cli.run("lists").status == 0)
        let reminders = try #require(try cli.json("reminders") as? [[String: Any]])
        #expect(reminders.map { $0["identifier"] as? String } == ["item-0"])
        #expect(reminders.map { $0["fireAt"] as? String } == ["2099-01-01T10:00:00Z"])
        // The store did not know the item-text setting then, so the text stayed out.
        #expect(reminders.map { $0["title"] as? String } == ["Checklists reminder"])
    }

    @Test func theAgentAppliesWhatWasLeftAtStart() throws {
        #expect(try cli.run("settings", "notifications", "on").status == 0)
        let path = home + "/reminders.sqlite"
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        #expect(mkfifo(path, 0o600) == 0)
        #expect(
            try cli.run("item", "add", "List", "Water", "plants", "--due", "2099-01-01 10:00", "--remind").status == 0)
        unlink(path)
        // No command runs in between: the agent itself (no bus here: it logs) applies the outbox.
        let log = dir.appending("agent.log")
        var environment = cli.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + dir.appending("no-bus")
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=" + dir.appending("no-bus")
        let pid = try CLIRunner.spawnDetached(
            CLIRunner.binary, ["agent"], environment: environment, stdin: "", log: log)
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        let deadline = Date().addingTimeInterval(20)
        var pending: [String] = []
        while Date() < deadline {
            pending =
                (try? Reminders.NotificationCenter(directory: home).pendingNotificationRequests())?.map(\.identifier)
                ?? []
            if !pending.isEmpty { break }
            usleep(50_000)
        }
        #expect(pending == ["item-0"], "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
}

/// A small seeded generator, so that a failing run can be told apart by its seed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
