import DBus
import Foundation
import TestSupport

/// python-dbusmock serving org.freedesktop.ScreenSaver on a private session bus.
final class ScreenSaverMock {
    static let name = "org.freedesktop.ScreenSaver"
    static let path = "/org/freedesktop/ScreenSaver"
    let pid: pid_t
    let bus: DBusConnection

    init(sessionBus address: String) throws {
        pid = try CLIRunner.spawnDetached(
            "/usr/bin/python3", ["-m", "dbusmock", "--session", Self.name, Self.path, Self.name],
            environment: ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 },
            stdin: "")
        bus = try DBusConnection(bus: .address(address))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let owned = try? bus.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "NameHasOwner", arguments: [.string(Self.name)])
            if owned?.first?.bool == true { return }
            usleep(20_000)
        }
        stop()
        throw RigError(name: "screensaver", message: "dbusmock did not take \(Self.name)")
    }

    func setActive(_ active: Bool) throws {
        try emit(bus, path: Self.path, Self.name, "ActiveChanged", active)
    }

    func stop() {
        bus.close()
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

/// A Unix socket that accepts connections into its backlog and never answers: a hung bus.
final class SilentSocket {
    private var fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0, UnixAddress.bind(fd, to: path) == 0, listen(fd, 8) == 0 else {
            throw RigError(name: "silent socket", message: "errno \(errno)")
        }
    }

    /// Closing the listener resets the queued connections, which frees the stuck connect.
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
