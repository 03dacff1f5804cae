import Foundation

/// The datagram socket the CLI pokes after a change, at `HOME/agent.sock`.
enum AgentSocket {
    /// The longest path a `sockaddr_un` holds (its `sun_path` less the terminating NUL).
    static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// The address of `path`.
    /// - Throws: `AgentError.socketPathTooLong` rather than cut it short (a shortened path
    ///   names another file).
    static func address(_ path: String) throws(AgentError) -> sockaddr_un {
        let bytes = Array(path.utf8)
        guard bytes.count <= maximumPathLength, !bytes.contains(0) else {
            throw AgentError.socketPathTooLong(path: path, limit: maximumPathLength)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return address
    }

    /// Binds a new non-blocking socket at `path` (replacing a stale one), mode 0600.
    static func bind(_ path: String) throws(AgentError) -> Int32 {
        var address = try address(path)
        unlink(path)
        let fd = socket(
            AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw AgentError.system(call: "socket", errno: errno) }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            let code = errno
            close(fd)
            throw AgentError.system(call: "bind \(path)", errno: code)
        }
        chmod(path, 0o600)
        return fd
    }

    /// Sends one byte to `path`, without waiting; nothing happens when no agent listens there
    /// or the path cannot be a socket address.
    static func poke(_ path: String) {
        guard var address = try? address(path) else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, "!", 1, Int32(MSG_DONTWAIT), $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
