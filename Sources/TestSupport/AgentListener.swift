import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stands in for the reminder agent's socket (`HOME/agent.sock`) and counts the pokes it gets.
public final class AgentListener {
    private let fd: Int32

    public init(home: String) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = home + "/agent.sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0, UnixAddress.bind(fd, to: path) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(fd) }

    /// The pokes that arrived since the last call.
    public func pokes() -> Int {
        var count = 0
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1 { count += 1 }
        return count
    }
}
