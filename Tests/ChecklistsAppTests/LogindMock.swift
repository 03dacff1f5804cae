import DBus

/// Calls on python-dbusmock's logind template, shared by the lifecycle and session tests.
enum LogindMock {
    /// The session the tests add with `Mock.AddSession c1 …`.
    static let sessionPath = "/org/freedesktop/login1/session/c1"

    /// The logind template lacks GetSessionByPID; give it one that answers with session c1.
    static func addGetSessionByPID(_ logind: DBusConnection) throws {
        try logind.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
            interface: "org.freedesktop.DBus.Mock", method: "AddMethod",
            arguments: [
                .string("org.freedesktop.login1.Manager"), .string("GetSessionByPID"), .string("u"), .string("o"),
                .string("ret = '\(sessionPath)'"),
            ])
    }

    /// Calls `Lock` or `Unlock` on session c1 (the mock emits the matching signal).
    static func callSession(_ logind: DBusConnection, _ method: String) throws {
        try logind.call(
            destination: "org.freedesktop.login1", path: sessionPath, interface: "org.freedesktop.login1.Session",
            method: method)
    }
}
