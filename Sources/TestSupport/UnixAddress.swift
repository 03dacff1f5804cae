import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix-domain socket address for the rigs and stand-ins: bind, connect or send to a path.
public enum UnixAddress {
    /// Calls `body` with `path` as a `sockaddr`, or returns nil when the path is too long for
    /// `sun_path` (a shortened path would name another file).
    public static func with<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// Binds `fd` to `path`; 0 on success, -1 (errno set, or the path too long) otherwise.
    public static func bind(_ fd: Int32, to path: String) -> Int32 {
        with(path) { Glibc.bind(fd, $0, $1) } ?? -1
    }

    /// Connects `fd` to `path`; 0 on success, -1 otherwise.
    public static func connect(_ fd: Int32, to path: String) -> Int32 {
        with(path) { Glibc.connect(fd, $0, $1) } ?? -1
    }

    /// Sends one datagram of `bytes` from `fd` to `path`.
    public static func send(_ fd: Int32, _ bytes: [UInt8], to path: String) {
        _ = with(path) { address, length in
            bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, address, length) }
        }
    }
}
