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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((home + "/agent.sock").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, "!", 1, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
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
