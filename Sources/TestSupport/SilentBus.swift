import Foundation

/// A D-Bus address that never answers: a Unix socket that listens and accepts, then never
/// writes a byte — the authentication handshake waits forever. Stopped (every socket closed)
/// when released.
public final class SilentBus: @unchecked Sendable {
    /// The socket file.
    public let path: String
    /// The address to put in `DBUS_SESSION_BUS_ADDRESS` or `DBUS_SYSTEM_BUS_ADDRESS`.
    public var address: String { "unix:path=\(path)" }

    private let listener: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var running = true
    private let finished = DispatchSemaphore(value: 0)

    /// Listens at `path` (which must be shorter than `sun_path`).
    /// - Throws: `RigError` when the socket cannot be made.
    public init(path: String) throws {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw RigError(name: "silent-bus", message: "socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(listener)
            throw RigError(name: "silent-bus", message: "socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            let code = errno
            close(listener)
            throw RigError(name: "silent-bus", message: "bind/listen \(path): errno \(code)")
        }
        Thread { [self] in acceptForever() }.start()
    }

    /// How many clients connected so far (each one is left waiting).
    public var connections: Int { lock.withLock { accepted.count } }

    deinit {
        lock.withLock { running = false }
        // Wakes the accept loop; it then closes everything it accepted.
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        unlink(path)
    }

    private func acceptForever() {
        while lock.withLock({ running }) {
            var pfd = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) > 0, lock.withLock({ running }) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            lock.withLock { accepted.append(client) }
        }
        for fd in lock.withLock({ accepted }) { close(fd) }
        finished.signal()
    }
}
