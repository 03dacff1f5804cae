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
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard fd >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
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
