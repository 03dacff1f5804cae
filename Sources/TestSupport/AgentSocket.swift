import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The reminder agent's wake-up socket, as the CLI pokes it after a change.
public enum AgentSocket {
    /// Sends the one-byte poke to the agent serving `home` (nothing happens when none listens).
    public static func poke(home: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        UnixAddress.send(fd, Array("!".utf8), to: home + "/agent.sock")
    }
}

/// A detached `checklists agent` that is killed when the handle goes away, unless it exited.
public final class AgentProcess {
    public let pid: pid_t
    private var exited = false

    /// Starts the agent with `environment`, logging to `log`.
    public init(environment: [String: String], log: String) throws {
        pid = try CLIRunner.spawnDetached(CLIRunner.binary, ["agent"], environment: environment, stdin: "", log: log)
    }

    /// Records that the process was reaped, so nothing is killed later.
    public func markExited() { exited = true }

    deinit {
        guard !exited else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
