import Foundation
import Reminders
import TestSupport
import Testing

/// A bus that accepts connections and never answers, as the session bus, the system bus or
/// both: every command and the agent give up on it within seconds, say so in one line, and
/// fall back (file vault; password instead of fingerprint; log instead of notifications).
@Suite struct SilentBusTests {
    /// Which bus is silent.
    enum Silent: String, CaseIterable, Sendable {
        case session, system, both
    }

    /// A command, what it reads from standard input and the exit status it must end with.
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var stdin = ""
        var status: Int32 = 0
        /// Whether it opens the keychain (and so asks the session bus for a keyring).
        var usesKeychain = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["lists"]),
        Case(arguments: ["list", "add", "Trips"]),
        Case(arguments: ["item", "add", "Groceries", "Milk", "--due", "tomorrow 9:00", "--remind"]),
        Case(arguments: ["keychain", "status"]),
        Case(arguments: ["keychain", "keys"]),
        Case(arguments: ["keychain", "get", "Greeting"]),
        Case(arguments: ["keychain", "set", "Other"], stdin: "value\n"),
        Case(arguments: ["reminders"]),
        Case(arguments: ["secret"], status: 1),
        Case(arguments: ["lock", "status"], usesKeychain: false),
        Case(arguments: ["lock", "enable", "--method", "passcode", "--stdin"], stdin: "246802\n"),
        Case(arguments: ["auth", "status"], usesKeychain: false),
        Case(arguments: ["auth", "test"], status: 1, usesKeychain: false),
        Case(arguments: ["agent", "status"], usesKeychain: false),
        Case(arguments: ["notes"]),
    ]

    let dir = TemporaryDirectory("silent")
    var home: String { dir.appending("home") }

    /// A data directory made once without any bus: a list, notifications on, one keychain item.
    static let template: Result<TemporaryDirectory, Error> = Result {
        let template = TemporaryDirectory("silent-template")
        let plain = CLIRunner(home: template.appending("home"))
        for (arguments, stdin) in [
            (["list", "add", "Groceries"], ""), (["settings", "notifications", "on"], ""),
            (["keychain", "set", "Greeting"], "v1\n"),
        ] {
            let result = try plain.run(arguments: arguments, stdin: stdin)
            guard result.status == 0 else { throw RigError(name: "template", message: result.stderr) }
        }
        return template
    }

    /// A copy of the template as this test's data directory.
    func prepare() throws {
        try FileManager.default.copyItem(atPath: try Self.template.get().appending("home"), toPath: home)
    }

    /// Silent buses for `silent` (separate sockets, so that neither is remembered for the other)
    /// and the environment that points at them.
    func buses(_ silent: Silent) throws -> ([SilentBus], [String: String]) {
        var buses: [SilentBus] = []
        var environment = ["CHECKLISTS_PASSCODE_COST": "min"]
        if silent != .system {
            let bus = try SilentBus(path: dir.appending("session-bus"))
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            buses.append(bus)
        }
        if silent != .session {
            let bus = try SilentBus(path: dir.appending("system-bus"))
            environment["DBUS_SYSTEM_BUS_ADDRESS"] = bus.address
            buses.append(bus)
        }
        return (buses, environment)
    }

    @Test(arguments: Silent.allCases, cases)
    func everyCommandGivesUpAndFallsBack(_ silent: Silent, _ command: Case) async throws {
        try prepare()
        let (buses, environment) = try buses(silent)
        let cli = CLIRunner(home: home, environment: environment)
        let result = try await cli.run(arguments: command.arguments, stdin: command.stdin, timeout: 15)
        let status = try #require(result.status, "still running after 15 s: \(result.stderr)")
        #expect(status == command.status, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        let notice = "checklists: the session bus did not answer within 2 s; using the file vault"
        if silent != .system && command.usesKeychain {
            #expect(result.stderr.components(separatedBy: notice).count == 2, "\(result.stderr)")
        } else {
            #expect(!result.stderr.contains(notice))
        }
        switch command.arguments.prefix(2) {
        case ["keychain", "get"]: #expect(result.stdout == "v1\n")
        case ["lists"]: #expect(result.stdout.contains("Groceries"))
        case ["auth", "status"] where silent != .session:
            #expect(result.stdout.contains("(the system bus did not answer within 2 s)"))
            #expect(result.stdout.contains("No fingerprint reader: Checklists uses your password instead."))
        default: break
        }
        _ = buses
    }

    @Test func theSecretServiceForcedOnASilentBusIsRefusedInOneLine() async throws {
        try prepare()
        let (buses, environment) = try buses(.session)
        let result = try await CLIRunner(home: home, environment: environment)
            .run(arguments: ["keychain", "status", "--keychain", "secret-service"], timeout: 15)
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "checklists: keychain unavailable: no usable Secret Service: the session bus did not answer within 2 s\n"
        )
        _ = buses
    }

    /// libsecret makes its own connection: a bus that answers the probe and then falls silent
    /// must not hold it (here the keyring's bus answers only the first connection).
    @Test func libsecretsOwnConnectionHasTheSameDeadline() async throws {
        let rig = try Rig("keyring", stdin: "test keyring password")
        let real = try #require(rig.environment["DBUS_SESSION_BUS_ADDRESS"])
        let target = String(real.dropFirst("unix:path=".count).prefix { $0 != "," })
        var runs = 0
        func run(_ arguments: [String], relaying: Int) async throws -> (CLIRunner.BoundedResult, connections: Int) {
            runs += 1
            let bus = try SilentBus(path: dir.appending("relay-\(runs)"), relaying: relaying, to: target)
            var environment = rig.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            let result = try await CLIRunner(home: home, environment: environment)
                .run(arguments: arguments, timeout: 15)
            return (result, bus.connections)
        }
        // The probe gets through, libsecret's connection does not.
        let (forced, _) = try await run(["keychain", "status", "--keychain", "secret-service"], relaying: 1)
        #expect(forced.status == 3, "\(forced.stdout)\(forced.stderr)")
        #expect(forced.stderr.contains("the Secret Service did not answer within 2 s"), "\(forced.stderr)")
        let (auto, _) = try await run(["lists"], relaying: 1)
        #expect(auto.status == 0, "\(auto.stdout)\(auto.stderr)")
        #expect(auto.stderr.contains("the Secret Service did not answer within 2 s; using the file vault"))
        // Both connections answered: the keyring is used, through no third connection.
        let (answered, connections) = try await run(
            ["keychain", "status", "--keychain", "secret-service"], relaying: 2)
        #expect(answered.status == 0, "\(answered.stdout)\(answered.stderr)")
        #expect(answered.stdout.contains("Keychain: Secret Service"), "\(answered.stdout)")
        #expect(connections == 2)
    }

    @Test(arguments: Silent.allCases)
    func theAgentStartsDeliversToItsLogAndStopsOnSIGTERM(_ silent: Silent) async throws {
        try prepare()
        let (buses, environment) = try buses(silent)
        let log = dir.appending("agent.log")
        var env = CLIRunner(home: home, environment: environment).environment
        env["HOME"] = dir.path
        let agent = try AgentProcess(environment: env, log: log)
        let pid = agent.pid
        try await waitForLog(log, "agent started")
        let center = try Reminders.NotificationCenter(directory: home)
        try center.add(
            NotificationRequest(
                identifier: "silent", content: NotificationContent(title: "Stretch", body: "Home · due now"),
                trigger: DateTrigger(exactly: Date().addingTimeInterval(0.3))))
        poke()
        if silent == .system {
            // No notification daemon on this machine's session bus either: the log it is.
            try await waitForLog(log, "Reminder: Stretch — Home · due now")
        } else {
            try await waitForLog(log, "the session bus did not answer within 2 s")
            try await waitForLog(log, "Reminder: Stretch — Home · due now")
        }
        kill(pid, SIGTERM)
        let status = try await waitForExit(pid, timeout: 10)
        if status != nil { agent.markExited() }
        #expect(status == 0, "the agent did not stop on SIGTERM: \(String(describing: status))")
        _ = buses
    }

    @Test func theAgentStopsOnSIGTERMWhileADeliveryWaitsForTheBus() async throws {
        try prepare()
        let (buses, environment) = try buses(.session)
        let log = dir.appending("agent.log")
        let agent = try AgentProcess(
            environment: CLIRunner(home: home, environment: environment).environment, log: log)
        let pid = agent.pid
        try await waitForLog(log, "agent started")
        let center = try Reminders.NotificationCenter(directory: home)
        try center.add(
            NotificationRequest(
                identifier: "due", content: NotificationContent(title: "Now", body: "x"),
                trigger: DateTrigger(exactly: Date().addingTimeInterval(-1))))
        poke()
        // The delivery now waits (up to 2 s) for the silent bus; the signal must not.
        for _ in 0..<100 where (buses.first?.connections ?? 0) == 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        kill(pid, SIGTERM)
        let status = try await waitForExit(pid, timeout: 10)
        if status != nil { agent.markExited() }
        #expect(status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("Checklists agent stopped."))
    }

    @Test func agentInstallGivesUpOnAUserManagerThatNeverAnswers() async throws {
        let runtime = dir.appending("runtime")
        try FileManager.default.createDirectory(
            atPath: runtime + "/systemd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let manager = try SilentBus(path: runtime + "/systemd/private")
        let cli = CLIRunner(
            home: home, environment: ["XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": dir.appending("config")])
        let install = try await cli.run(arguments: ["agent", "install"], timeout: 30)
        #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
        #expect(install.stdout.contains("No systemd user manager answers here"))
        let uninstall = try await cli.run(arguments: ["agent", "uninstall"], timeout: 30)
        #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
        #expect(uninstall.stdout.contains("Removed "))
        #expect(manager.connections >= 1)
    }

    @Test func anAgentSocketPathTooLongForUnixSocketsIsRefusedNotShortened() async throws {
        // HOME/agent.sock is 110 bytes here; sun_path holds 107 and a NUL.
        let deep = dir.path + "/" + String(repeating: "d", count: max(1, 110 - 11 - dir.path.utf8.count - 1))
        #expect((deep + "/agent.sock").utf8.count == 110)
        let cli = CLIRunner(home: deep)
        #expect(try cli.run("settings", "notifications", "on").status == 0)
        // Where the old code bound and poked: the first 107 bytes of the path.
        let truncated = String(decoding: Array((deep + "/agent.sock").utf8.prefix(107)), as: UTF8.self)
        let listener = try DatagramListener(path: truncated)
        let agent = try await cli.run(arguments: ["agent"], timeout: 15)
        #expect(agent.status == 3)
        #expect(agent.stderr.contains("longer than the 107 a Unix socket allows"), "\(agent.stderr)")
        #expect(try cli.run("item", "add", "List", "x", "--due", "tomorrow 9:00", "--remind").status == 0)
        #expect(!listener.received(), "a poke went to a shortened path")
    }

    // MARK: - Helpers

    func poke() { AgentSocket.poke(home: home) }

    func waitForLog(_ log: String, _ text: String, timeout: TimeInterval = 10) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = ""
        // Looks once more after the deadline: a busy test runner may resume this task late.
        while true {
            seen = FileManager.default.contents(atPath: log).map { String(decoding: $0, as: UTF8.self) } ?? ""
            if seen.contains(text) { return }
            if Date() >= deadline { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        throw RigError(name: "agent", message: "\"\(text)\" not in its log: \(seen)")
    }

    /// The exit status (128 + signal when killed), or nil if still running after `timeout`.
    func waitForExit(_ pid: pid_t, timeout: TimeInterval) async throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            if Date() >= deadline { return nil }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

/// A bound datagram socket that tells whether anything arrived.
private final class DatagramListener {
    let fd: Int32
    let path: String

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0, UnixAddress.bind(fd, to: path) == 0 else {
            throw RigError(name: "listener", message: "bind \(path): errno \(errno)")
        }
    }

    func received() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) > 0
    }

    deinit {
        close(fd)
        unlink(path)
    }
}
