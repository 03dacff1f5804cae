import Foundation
import Reminders
import TestSupport
import Testing

/// The reminder agent, as the built binary, against python-dbusmock's notification daemon and
/// logind on private buses.
@Suite struct ReminderAgentTests {
    let dir = TemporaryDirectory()
    let rig = try! Rig("dbusmock")
    var home: String { dir.appending("home") }

    var environment: [String: String] {
        ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home]
            .merging(rig.environment) { $1 }
    }

    var cli: CLIRunner { CLIRunner(home: home, environment: environment) }

    var center: Reminders.NotificationCenter { try! Reminders.NotificationCenter(directory: home) }

    /// Starts `checklists agent`; it is stopped (SIGTERM) when the returned handle is released.
    func startAgent(environment: [String: String]? = nil) throws -> Agent {
        let log = dir.appending("agent-\(UUID().uuidString).log")
        let pid = try CLIRunner.spawnDetached(
            CLIRunner.binary, ["agent"], environment: environment ?? self.environment, stdin: "", log: log)
        let agent = Agent(pid: pid, log: log)
        try agent.waitFor("agent started")
        return agent
    }

    func schedule(
        _ id: String, in seconds: TimeInterval, title: String = "Water the plants", body: String = "Home · due soon"
    ) throws {
        try center.add(
            NotificationRequest(
                identifier: id, content: NotificationContent(title: title, body: body, iconName: "Chores"),
                trigger: DateTrigger(exactly: Date().addingTimeInterval(seconds))))
        poke()
    }

    func poke() { AgentSocket.poke(home: home) }

    /// The Notify calls the mock received: (summary, body).
    func notifications() throws -> [(String, String)] {
        try rig.run("notifications").stdout.split(separator: "\n").map {
            let fields = $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields.count > 1 ? fields[1] : "", fields.count > 2 ? fields[2] : "")
        }
    }

    func waitForNotifications(_ count: Int, timeout: TimeInterval = 5) throws -> [(String, String)] {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = try notifications()
        while seen.count < count && Date() < deadline {
            usleep(20_000)
            seen = try notifications()
        }
        return seen
    }

    init() throws {
        _ = try cli.run("settings", "notifications", "on")
    }

    @Test func aReminderDueInTwoSecondsArrivesWithinTheSecond() throws {
        let agent = try startAgent()
        try schedule("soon", in: 2)
        let seen = try waitForNotifications(1)
        #expect(seen.first?.0 == "Water the plants")
        #expect(seen.first?.1 == "Home · due soon")
        // The agent notes the delivery after the daemon has it: wait for that note too.
        let deadline = Date().addingTimeInterval(5)
        while try center.deliveredNotifications().isEmpty && Date() < deadline { usleep(20_000) }
        let delivered = try #require(try center.deliveredNotifications().first)
        let lateness = delivered.deliveredAt.timeIntervalSince(delivered.request.trigger.date)
        #expect(lateness >= 0 && lateness < 1, "delivered \(lateness) s after its time")
        _ = agent
    }

    /// The mock server reads bodies as markup (`body-markup`, as GNOME Shell, dunst and mako do):
    /// a list name with tags and "&" reaches it escaped, so it shows as written, not as a link.
    @Test func markupInTheBodyIsEscapedForAServerThatReadsIt() throws {
        let agent = try startAgent()
        try schedule(
            "markup", in: 0.3, title: "Pay <b>rent</b>", body: "<a href=\"https://x.example\">Bills</a> & co · due")
        let seen = try waitForNotifications(1)
        #expect(seen.first?.0 == "Pay <b>rent</b>")
        #expect(seen.first?.1 == "&lt;a href=\"https://x.example\"&gt;Bills&lt;/a&gt; &amp; co · due")
        _ = agent
    }

    @Test func theCommandLineSchedulesAndTheAgentDeliversOnce() throws {
        let agent = try startAgent()
        try cli.run("item", "add", "List", "Call mum", "--due", "tomorrow 9:00", "--remind")
        let pending = try center.pendingNotificationRequests()
        #expect(pending.map(\.content.title) == ["Call mum"])
        // Pull it forward (keeping what it shows) to see the agent deliver it.
        try schedule(pending[0].identifier, in: 1, title: "Call mum")
        #expect(try waitForNotifications(1).map(\.0) == ["Call mum"])
        usleep(1_500_000)
        #expect(try notifications().count == 1)
        _ = agent
    }

    /// A stand-in for `checklists-gtk` on PATH that writes `words` (shell words: "$@" for its
    /// arguments) into a file; the environment that finds it.
    func desktopStandIn(writing words: String) throws -> [String: String] {
        let bin = dir.appending("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let stub = bin + "/checklists-gtk"
        try "#!/bin/sh\necho \"\(words)\" > \(dir.appending("gtk-called"))\n".write(
            toFile: stub, atomically: true, encoding: .utf8)
        chmod(stub, 0o755)
        var environment = self.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// Clicks the first notification (as the user would) and returns what the desktop app's
    /// stand-in wrote when the agent started it, or nil when it was not started within 5 s.
    func clickFirstNotification() throws -> String? {
        let called = dir.appending("gtk-called")
        _ = try rig.run("click", "1")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: called) && Date() < deadline { usleep(20_000) }
        usleep(100_000)  // let the stand-in finish writing
        return try? String(contentsOfFile: called, encoding: .utf8)
    }

    /// Clicking a reminder starts the desktop app at its item: `checklists-gtk --item ID`, found
    /// on PATH (here a stand-in that writes down its arguments).
    @Test func clickingAReminderOpensTheDesktopAppAtTheItem() throws {
        let environment = try desktopStandIn(writing: "$@")
        let agent = try startAgent(environment: environment)
        try schedule("item-4711", in: 1, title: "Call mum")
        #expect(try waitForNotifications(1).map(\.0) == ["Call mum"])
        #expect(try clickFirstNotification() == "--item 4711\n")
        _ = agent
    }

    /// A reminder shown by an agent that has since stopped (an update, a crash, `agent install`
    /// again) still opens its item when clicked: the agent after it follows the click. It was
    /// forgotten with the agent that showed it, and the click did nothing.
    @Test func aClickReachesTheAgentStartedAfterTheOneThatShowedIt() throws {
        let environment = try desktopStandIn(writing: "$@")
        let first = try startAgent(environment: environment)
        try schedule("item-815", in: 1, title: "Call mum")
        #expect(try waitForNotifications(1).map(\.0) == ["Call mum"])
        first.kill9()
        let memory = try #require(FileManager.default.contents(atPath: home + "/agent-shown"))
        #expect(!String(decoding: memory, as: UTF8.self).contains("Call mum"))  // IDs only, no text
        let second = try startAgent(environment: environment)
        #expect(try clickFirstNotification() == "--item 815\n")
        _ = second
    }

    /// Makes the mock notification daemon take `seconds` to answer each Notify (as a busy shell
    /// does); it still records the call.
    func slowNotify(seconds: Double) throws {
        let call = try CLIRunner.execute(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.Notifications", "--object-path",
                "/org/freedesktop/Notifications", "--method", "org.freedesktop.DBus.Mock.AddMethod",
                "org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u",
                "import time; time.sleep(\(seconds)); ret = dbus.UInt32(7)",
            ], environment: environment)
        #expect(call.status == 0, "AddMethod: \(call.stderr)")
    }

    /// The ID of the item a pending reminder is about ("item-12" → "12").
    func itemID(_ request: NotificationRequest) -> String { String(request.identifier.dropFirst(5)) }

    /// An item moved to another day while its reminder is being shown (the daemon is slow to
    /// answer) keeps its new reminder: the agent marks as delivered only what it showed.
    @Test func anItemMovedWhileItsReminderIsShownKeepsItsNewReminder() throws {
        try slowNotify(seconds: 1.5)
        let agent = try startAgent()
        try cli.run("item", "add", "List", "Call mum", "--due", "tomorrow 9:00", "--remind")
        let pending = try #require(try center.pendingNotificationRequests().first)
        try schedule(pending.identifier, in: 0.2, title: "Call mum")
        usleep(700_000)  // the agent now waits on Notify
        #expect(try cli.run("item", "edit", itemID(pending), "--due", "tomorrow 10:00").status == 0)
        #expect(try waitForNotifications(1).map(\.0) == ["Call mum"])
        usleep(1_500_000)
        let after = try center.pendingNotificationRequests()
        #expect(after.map(\.identifier) == [pending.identifier])
        #expect(after.first?.trigger.date == pending.trigger.date.addingTimeInterval(3600))
        _ = agent
    }

    /// Two reminders due at once and a slow daemon: the second item, deleted while the first
    /// notification is on its way, is not shown.
    @Test func anItemDeletedWhileAnotherReminderIsShownIsNotShown() throws {
        try slowNotify(seconds: 3)
        let agent = try startAgent()
        try cli.run("item", "add", "List", "Call mum", "--due", "tomorrow 9:00", "--remind")
        try cli.run("item", "add", "List", "Call dad", "--due", "tomorrow 9:00", "--remind")
        let pending = try center.pendingNotificationRequests()
        try #require(pending.map(\.content.title) == ["Call mum", "Call dad"])
        let due = Date().addingTimeInterval(0.2)
        for request in pending {
            try center.add(
                NotificationRequest(
                    identifier: request.identifier, content: request.content, trigger: DateTrigger(exactly: due)))
        }
        poke()
        usleep(700_000)  // the agent now waits on the first Notify
        #expect(try cli.run("item", "delete", itemID(pending[1])).status == 0)
        #expect(try waitForNotifications(1).map(\.0) == ["Call mum"])
        usleep(3_500_000)
        #expect(try notifications().map(\.0) == ["Call mum"])
        _ = agent
    }

    /// A notification daemon that takes every call and never answers costs the 3 s call timeout
    /// once per delivery, not once per reminder: the others due then go to the log at once.
    @Test func aDaemonThatNeverAnswersHoldsUpOnlyTheFirstReminder() throws {
        try slowNotify(seconds: 30)
        let agent = try startAgent()
        let due = Date().addingTimeInterval(0.3)
        for i in 0..<4 {
            try center.add(
                NotificationRequest(
                    identifier: "hung\(i)", content: NotificationContent(title: "Errand \(i)", body: "Home · due"),
                    trigger: DateTrigger(exactly: due)))
        }
        poke()
        let started = Date()
        for i in 0..<4 { try agent.waitFor("Reminder: Errand \(i) — Home · due", timeout: 6) }
        #expect(Date().timeIntervalSince(started) < 5)
        for _ in 0..<100 where !(try center.pendingNotificationRequests().isEmpty) { usleep(10_000) }
        #expect(try center.pendingNotificationRequests().isEmpty)
    }

    /// A checked (done) item is not reminded; unchecking it brings its reminder back.
    @Test func aCheckedItemIsNotRemindedAndUncheckingRemindsAgain() throws {
        let agent = try startAgent()
        try cli.run("item", "add", "List", "Call mum", "--due", "tomorrow 9:00", "--remind")
        let pending = try #require(try center.pendingNotificationRequests().first)
        // Due in 3 s, checked at once (a slow CLI start under load must not pass the time).
        let due = Date().addingTimeInterval(3)
        try schedule(pending.identifier, in: 3, title: "Call mum")
        #expect(try cli.run("item", "check", itemID(pending)).status == 0)
        try #require(Date() < due)
        usleep(UInt32(max(due.timeIntervalSinceNow + 1.5, 0) * 1e6))
        #expect(try notifications().isEmpty)
        #expect(try center.pendingNotificationRequests().isEmpty)
        #expect(try cli.run("reminders").stdout.contains("No reminders are scheduled."))
        #expect(try cli.run("item", "toggle", itemID(pending)).status == 0)
        #expect(try center.pendingNotificationRequests().map(\.content.title) == ["Call mum"])
        #expect(try cli.run("item", "check", itemID(pending)).status == 0)
        // Editing a done item, or adding one already done, sets no reminder either.
        #expect(try cli.run("item", "edit", itemID(pending), "--text", "Call mum back").status == 0)
        let done = try cli.run("item", "add", "List", "Done already", "--due", "tomorrow 9:00", "--remind", "--checked")
        #expect(done.status == 0)
        #expect(done.stderr.contains("the item is checked, so its reminder will fire only if you uncheck it"))
        #expect(try center.pendingNotificationRequests().isEmpty)
        _ = agent
    }

    /// "12 reminders were missed — Open Checklists to see them": clicking it does just that
    /// (the desktop app, at no particular item).
    @Test func clickingASummaryOpensTheDesktopApp() throws {
        let environment = try desktopStandIn(writing: "started $#")
        for i in 0..<12 {
            try center.add(
                NotificationRequest(
                    identifier: "item-\(i)", content: NotificationContent(title: "Item \(i)", body: "x"),
                    trigger: DateTrigger(exactly: Date().addingTimeInterval(-7200))))
        }
        let agent = try startAgent(environment: environment)
        #expect(try waitForNotifications(1).map(\.0) == ["12 reminders were missed"])
        #expect(try clickFirstNotification() == "started 0\n")
        _ = agent
    }

    @Test func withPermissionDeniedRemindersAreKeptButNotShown() throws {
        try cli.run("settings", "notifications", "off")
        let agent = try startAgent()
        try schedule("hidden", in: 0.5)
        usleep(2_000_000)
        #expect(try notifications().isEmpty)
        #expect(try center.pendingNotificationRequests().map(\.identifier) == ["hidden"])
        let added = try cli.run("item", "add", "List", "x", "--due", "tomorrow 9:00", "--remind")
        #expect(added.stderr.contains("Notifications are off"))
        _ = agent
    }

    @Test func hiddenItemTextShowsAGenericReminder() throws {
        let agent = try startAgent()
        try cli.run("settings", "item-text", "off")
        try cli.run("item", "add", "List", "Surprise party", "--due", "tomorrow 9:00", "--remind")
        let pending = try #require(try center.pendingNotificationRequests().first)
        #expect(pending.content.title == "Checklists reminder")
        try center.add(
            NotificationRequest(
                identifier: pending.identifier, content: pending.content,
                trigger: DateTrigger(exactly: Date().addingTimeInterval(0.5))))
        poke()
        let seen = try waitForNotifications(1)
        #expect(seen.first?.0 == "Checklists reminder")
        #expect(!(try rig.run("notifications").stdout.contains("Surprise")))
        _ = agent
    }

    @Test func restartingTheAgentBeforeTheDueTimeDeliversOnce() throws {
        var agent: Agent? = try startAgent()
        try schedule("restart", in: 1.5)
        agent = nil  // SIGTERM
        agent = try startAgent()
        usleep(3_000_000)
        #expect(try notifications().count == 1)
        _ = agent
    }

    @Test func aCrashRightAfterNotifyRepeatsAtMostOnceAndNeverLoses() throws {
        let agent = try startAgent()
        try schedule("crash", in: 0.5)
        _ = try waitForNotifications(1)
        agent.kill9()
        let again = try startAgent()
        usleep(500_000)
        let count = try notifications().count
        #expect(count >= 1 && count <= 2)
        #expect(try center.pendingNotificationRequests().isEmpty)
        _ = again
    }

    @Test func resumingFromSleepDeliversWhatWasMissedAsLate() throws {
        let agent = try startAgent()
        try rig.run("sleep", "true")
        // Due while "asleep": written without poking the agent, which sleeps with no timer armed.
        try center.add(
            NotificationRequest(
                identifier: "missed",
                content: NotificationContent(title: "Take the bins out", body: "Chores · due 6:00"),
                trigger: DateTrigger(exactly: Date().addingTimeInterval(-300))))
        usleep(300_000)
        #expect(try notifications().isEmpty)
        try rig.run("sleep", "false")
        let seen = try waitForNotifications(1)
        #expect(seen.first?.0 == "Take the bins out")
        #expect(seen.first?.1 == "Chores · due 6:00 (late)")
        _ = agent
    }

    @Test func moreThanTenMissedWhileStoppedBecomeOneSummary() throws {
        for i in 0..<12 {
            try center.add(
                NotificationRequest(
                    identifier: "m\(i)", content: NotificationContent(title: "Item \(i)", body: "x"),
                    trigger: DateTrigger(exactly: Date().addingTimeInterval(-7200))))
        }
        let agent = try startAgent()
        let seen = try waitForNotifications(1)
        usleep(300_000)
        #expect(try notifications().map(\.0) == ["12 reminders were missed"])
        #expect(seen.count == 1)
        _ = agent
    }

    /// 150 reminders due at the same minute (items due "friday" remind at the all-day hour)
    /// arrive as one notification, and all of them are recorded as delivered.
    @Test func aHundredAndFiftyDueAtOnceBecomeOneNotification() throws {
        let due = Date().addingTimeInterval(0.5)
        for i in 0..<150 {
            try center.add(
                NotificationRequest(
                    identifier: "f\(i)", content: NotificationContent(title: "Item \(i)", body: "Friday · due 9:00"),
                    trigger: DateTrigger(exactly: due)))
        }
        let agent = try startAgent()
        let seen = try waitForNotifications(1)
        for _ in 0..<300 where !(try center.pendingNotificationRequests().isEmpty) { usleep(10_000) }
        usleep(300_000)
        #expect(try notifications().map(\.0) == ["150 reminders are due"])
        #expect(seen.first?.1 == "Open Checklists to see them.")
        #expect(try center.pendingNotificationRequests().isEmpty)
        _ = agent
    }

    /// A damaged reminders file is moved aside (as the README advises) while the agent runs; the
    /// next command makes a new one, and the agent follows it instead of reading the old one.
    @Test func theAgentFollowsARemindersFileMovedAway() throws {
        let agent = try startAgent()
        let away = dir.appending("away")
        try FileManager.default.createDirectory(atPath: away, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            _ = rename(home + "/reminders.sqlite" + suffix, away + "/reminders.sqlite" + suffix)
        }
        try cli.run("settings", "notifications", "on")
        try cli.run("item", "add", "List", "After the move", "--due", "tomorrow 9:00", "--remind")
        let pending = try #require(try center.pendingNotificationRequests().first)
        try schedule(pending.identifier, in: 0.5, title: "After the move")
        #expect(try waitForNotifications(1).map(\.0) == ["After the move"])
        _ = agent
    }

    @Test func aSecondAgentExitsSayingOneRuns() throws {
        let agent = try startAgent()
        let second = try cli.run("agent")
        #expect(second.status == 0)
        #expect(second.stdout.contains("already runs"))
        #expect(try cli.run("agent", "status").stdout.contains("The agent is running."))
        _ = agent
    }

    @Test func theAgentNeedsNoKeyEvenWithTheLockOn() throws {
        var locked = cli
        locked.environment["CHECKLISTS_PASSCODE_COST"] = "min"
        #expect(try locked.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        #expect(try locked.run("lists").status == 1)  // the content is locked…
        let agent = try startAgent()
        try schedule("locked", in: 0.3, title: "Locked but reminded")
        #expect(try waitForNotifications(1).map(\.0) == ["Locked but reminded"])  // …the reminders are not
        _ = agent
    }

    /// Once shown, a reminder keeps no text in the data directory: with the lock on, a copy of
    /// it (a backup, a stolen disk) used to show the text and list of the last 200 reminders.
    @Test func aShownReminderLeavesNoTextInTheDataDirectory() throws {
        var locked = cli
        locked.environment["CHECKLISTS_PASSCODE_COST"] = "min"
        #expect(try locked.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let agent = try startAgent()
        try schedule("shown", in: 0.3, title: "Biopsy results", body: "Clinic · due soon")
        #expect(try waitForNotifications(1).map(\.0) == ["Biopsy results"])
        let deadline = Date().addingTimeInterval(5)
        while try center.deliveredNotifications().isEmpty && Date() < deadline { usleep(20_000) }
        #expect(try center.deliveredNotifications().map(\.request.identifier) == ["shown"])
        var bytes: [UInt8] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: home) {
            bytes += Array(FileManager.default.contents(atPath: home + "/" + name) ?? Data())
        }
        #expect(!bytes.contains(utf8: "Biopsy") && !bytes.contains(utf8: "Clinic"))
        _ = agent
    }

    @Test func installWritesAUserUnitAndSaysHowToStartWithoutSystemd() throws {
        var env = cli
        env.environment["XDG_CONFIG_HOME"] = dir.appending("config")
        let unit = dir.appending("config/systemd/user/checklists-agent.service")
        let install = try env.run("agent", "install")
        #expect(install.status == 0)
        #expect(install.stdout.contains("No systemd user manager answers here"))
        let text = try String(contentsOfFile: unit, encoding: .utf8)
        #expect(text.contains("ExecStart=") && text.contains(" agent"))
        #expect(text.contains("agent --home \"\(home)\""))
        #expect(try env.run("agent", "uninstall").status == 0)
        #expect(!FileManager.default.fileExists(atPath: unit))
    }

    @Test func withoutANotificationServiceItLogs() throws {
        var env = environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(dir.path)/no-bus"
        let agent = try startAgent(environment: env)
        try schedule("logged", in: 0.3, title: "Stretch")
        try agent.waitFor("Reminder: Stretch — Home · due soon")
        for _ in 0..<100 where !(try center.pendingNotificationRequests().isEmpty) { usleep(10_000) }
        #expect(try center.pendingNotificationRequests().isEmpty)
    }

    /// The log the agent writes reminders to is the user's alone: `agent install` without a user
    /// manager suggests `2>>"$HOME/.checklists-agent.log"`, which the shell creates under its
    /// own umask (0644, readable by every local user), and the agent wrote item texts into it.
    @Test func theLogFileItWritesRemindersToIsMadePrivate() throws {
        var env = environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(dir.path)/no-bus"
        let log = dir.appending("agent.log")
        #expect(FileManager.default.createFile(atPath: log, contents: Data("earlier lines\n".utf8)))
        chmod(log, 0o644)
        let agent = Agent(
            pid: try CLIRunner.spawnDetached(CLIRunner.binary, ["agent"], environment: env, stdin: "", log: log),
            log: log)
        try agent.waitFor("agent started")
        try schedule("logged", in: 0.3, title: "Stretch")
        try agent.waitFor("Reminder: Stretch")
        #expect(try FileManager.default.attributesOfItem(atPath: log)[.posixPermissions] as? Int == 0o600)
    }

    @Test func theLogLineShowsControlsInItemTextEscaped() throws {
        var env = environment
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(dir.path)/no-bus"
        let agent = try startAgent(environment: env)
        try schedule("hostile", in: 0.3, title: "Pay\u{1B}]0;PWNED\u{07}\u{1B}[2J\r\n[✓] 7 pay rent\u{202E}\u{9B}")
        try agent.waitFor("Reminder: Pay\\e]0;PWNED\\a\\e[2J\\r\\n[✓] 7 pay rent\\u{202E}\\u{009B} — Home")
        let log = String(decoding: FileManager.default.contents(atPath: agent.log) ?? Data(), as: UTF8.self)
        #expect(TerminalInjectionTests.controls(in: log).isEmpty)
    }
}

/// A running agent process, stopped with SIGTERM when released.
final class Agent {
    let pid: pid_t
    let log: String
    private var stopped = false

    init(pid: pid_t, log: String) {
        self.pid = pid
        self.log = log
    }

    /// Waits until the agent's log contains `text`.
    func waitFor(_ text: String, timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = FileManager.default.contents(atPath: log),
                String(decoding: data, as: UTF8.self).contains(text)
            {
                return
            }
            usleep(10_000)
        }
        let seen = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
        throw RigError(name: "agent", message: "\"\(text)\" not in its log: \(seen)")
    }

    func kill9() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        stopped = true
    }

    deinit {
        guard !stopped else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
