import Foundation

/// A D-Bus address that never answers: a Unix socket that listens and accepts, then never
/// writes a byte — the authentication handshake waits forever. Optionally the first few
/// connections are relayed to a real bus (so a client's first connection works and a later
/// one hangs). Stopped (every socket closed) when released.
public final class SilentBus: @unchecked Sendable {
    /// The socket file.
    public let path: String
    /// The address to put in `DBUS_SESSION_BUS_ADDRESS` or `DBUS_SYSTEM_BUS_ADDRESS`.
    public var address: String { "unix:path=\(path)" }

    private let server: SilentServer

    /// Listens at `path` (which must be shorter than `sun_path`).
    /// - Parameters:
    ///   - relaying: How many of the first connections to pass on to `target`.
    ///   - target: A real bus's socket path.
    /// - Throws: `RigError` when the socket cannot be made.
    public init(path: String, relaying: Int = 0, to target: String? = nil) throws {
        self.path = path
        server = try SilentServer(path: path, relaying: target == nil ? 0 : relaying, to: target)
        let server = self.server
        Thread { server.acceptForever() }.start()
    }

    /// How many clients connected so far.
    public var connections: Int { server.connections }

    deinit {
        server.stop()
        unlink(path)
    }
}

/// The listening socket and what it accepted, shared with the accept and relay threads.
private final class SilentServer: @unchecked Sendable {
    private let listener: Int32
    private let relayTarget: String?
    private let lock = NSLock()
    private var relaysLeft: Int
    private var running = true
    private var silent: [Int32] = []
    private var relayed: Set<Int32> = []
    private var accepted = 0
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, relaying: Int, to target: String?) throws {
        relayTarget = target
        relaysLeft = relaying
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw RigError(name: "silent-bus", message: "socket: errno \(errno)") }
        guard UnixAddress.bind(listener, to: path) == 0, listen(listener, 64) == 0 else {
            let code = errno
            close(listener)
            throw RigError(name: "silent-bus", message: "bind/listen \(path): errno \(code)")
        }
    }

    var connections: Int { lock.withLock { accepted } }

    /// Stops accepting, closes every silent connection and ends the relays.
    func stop() {
        lock.withLock { running = false }
        finished.wait()
        close(listener)
    }

    func acceptForever() {
        while lock.withLock({ running }) {
            var pfd = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 50) > 0, lock.withLock({ running }) else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let relay = lock.withLock {
                accepted += 1
                guard relaysLeft > 0, relayTarget != nil else {
                    silent.append(client)
                    return false
                }
                relaysLeft -= 1
                relayed.insert(client)
                return true
            }
            if relay, let relayTarget { startRelay(client, to: relayTarget) }
        }
        lock.withLock {
            for fd in silent { close(fd) }
            silent = []
            // The relay threads close their own sockets once these are shut down.
            for fd in relayed { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        finished.signal()
    }

    /// Copies bytes both ways between `client` and a new connection to `target` until either
    /// side closes.
    private func startRelay(_ client: Int32, to target: String) {
        let upstream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let connected = upstream >= 0 ? UnixAddress.connect(upstream, to: target) : -1
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var fds = [
                pollfd(fd: client, events: Int16(POLLIN), revents: 0),
                pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
            ]
            pumping: while connected == 0 && poll(&fds, 2, -1) >= 0 {
                for (from, to) in [(0, 1), (1, 0)] where fds[from].revents != 0 {
                    let n = read(fds[from].fd, &buffer, buffer.count)
                    guard n > 0, Self.writeAll(fds[to].fd, buffer[0..<n]) else { break pumping }
                }
            }
            if upstream >= 0 { close(upstream) }
            lock.withLock {
                relayed.remove(client)
                close(client)
            }
        }.start()
    }

    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
