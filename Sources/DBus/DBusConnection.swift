internal import CLazyLibs
import Foundation

/// A private connection to a message bus through GIO's GDBus, with its own thread running a
/// GLib main context so that signals arrive while the caller blocks or waits.
public final class DBusConnection: @unchecked Sendable {
    /// Which bus.
    public enum Bus: Sendable {
        /// `$DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`.
        case system
        /// `$DBUS_SESSION_BUS_ADDRESS`.
        case session
        case address(String)
    }

    // The GDBusConnection; immutable after init, GDBus is thread-safe.
    private let connection: OpaquePointer
    private let context: OpaquePointer
    private let loop: Thread
    private let stopping = NSLock()
    private var stopped = false

    /// Seconds a bus has to accept a connection (authentication and `Hello`) before we give up.
    public static let connectTimeout: Double = 2

    /// Connects to `bus`, giving up after `timeout` seconds: a socket that accepts but never
    /// answers would otherwise hold the authentication handshake (which has no timeout of its
    /// own) forever.
    /// - Throws: `DBusError.noBus` when there is no address or nobody listens there,
    ///   `.noAnswer` when the bus did not answer in time (or did not a moment ago).
    public init(bus: Bus, timeout: Double = DBusConnection.connectTimeout) throws(DBusError) {
        let address = try Self.address(of: bus)
        if let path = Self.socketPath(address), access(path, F_OK) != 0 {
            throw DBusError.noBus("no bus listens at \(path)")
        }
        let connection = try Self.connect(address, name: Self.name(of: bus), timeout: timeout)
        self.connection = connection
        cl_g_dbus_connection_set_exit_on_close(connection, 0)
        let context = cl_g_main_context_new()!
        self.context = context
        let flag = StopFlag()
        let loopContext = ContextBox(cl_g_main_context_ref(context))
        let finished = DispatchSemaphore(value: 0)
        loopFinished = finished
        loop = Thread {
            cl_g_main_context_push_thread_default(loopContext.context)
            while !flag.isSet { cl_g_main_context_iteration(loopContext.context, 1) }
            cl_g_main_context_pop_thread_default(loopContext.context)
            cl_g_main_context_unref(loopContext.context)
            finished.signal()
        }
        stopFlag = flag
        loop.name = "DBusConnection"
        loop.start()
    }

    private let stopFlag: StopFlag
    private let loopFinished: DispatchSemaphore

    deinit {
        close()
        cl_g_object_unref(UnsafeMutableRawPointer(connection))
        cl_g_main_context_unref(context)
    }

    /// Calls a method and returns the reply's values.
    /// - Parameter timeout: Seconds to wait for the reply.
    /// - Throws: `DBusError.remote` for an error reply, `.timeout`, or `.failed`.
    @discardableResult
    public func call(
        destination: String, path: String, interface: String, method: String, arguments: [DBusValue] = [],
        timeout: Double = 5
    ) throws(DBusError) -> [DBusValue] {
        var error: UnsafeMutablePointer<GError>?
        let parameters = GVariantConversion.tuple(arguments)
        guard
            let reply = cl_g_dbus_connection_call_sync(
                connection, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                Int32(timeout * 1000), nil, &error)
        else { throw Self.consume(error) }
        defer { cl_g_variant_unref(reply) }
        if case .tuple(let values) = GVariantConversion.read(reply) { return values }
        return []
    }

    /// Reads one property through org.freedesktop.DBus.Properties.Get.
    public func property(destination: String, path: String, interface: String, name: String) throws(DBusError)
        -> DBusValue
    {
        let reply = try call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            arguments: [.string(interface), .string(name)])
        guard let value = reply.first else { throw DBusError.failed("empty reply") }
        if case .variant(let inner) = value { return inner }
        return value
    }

    /// Calls `handler` (on the connection's thread) for each matching signal until `unsubscribe`.
    /// - Parameter confirmed: Whether to wait (one round trip to the bus) until the match is in
    ///   place. A caller whose next step is a method call through the same bus may pass `false`:
    ///   the bus handles one connection's messages in order, so the match is in place before
    ///   that call reaches its destination, and so before any signal the call causes.
    public func subscribe(
        sender: String?, path: String?, interface: String?, member: String?, confirmed: Bool = true,
        handler: @escaping @Sendable (_ member: String, _ path: String, _ arguments: [DBusValue]) -> Void
    ) -> UInt32 {
        let box = RawBox(Unmanaged.passRetained(SignalHandler(handler)).toOpaque())
        // GDBus delivers a subscription's signals to the thread-default context of the thread
        // that subscribes, so subscribe on the loop thread (the caller cannot push a context
        // that the loop thread owns).
        let connection = ConnectionBox(self.connection)
        let id = onLoopThread {
            cl_g_dbus_connection_signal_subscribe(
                connection.pointer, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE, signalTrampoline,
                box.pointer,
                releaseHandler)
        }
        // A round trip to the bus guarantees the match rule is installed before we return.
        guard confirmed else { return id }
        _ = try? call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetId", timeout: 2)
        return id
    }

    /// Runs `body` on the connection's loop thread and returns its result.
    private func onLoopThread(_ body: @escaping @Sendable () -> UInt32) -> UInt32 {
        let job = Job(body)
        cl_g_main_context_invoke_full(context, 0, runJob, Unmanaged.passRetained(job).toOpaque(), releaseJob)
        job.done.wait()
        return job.result
    }

    /// Stops delivering a subscription's signals.
    public func unsubscribe(_ id: UInt32) {
        cl_g_dbus_connection_signal_unsubscribe(connection, id)
    }

    /// Closes the connection and stops its thread. Safe to call twice.
    public func close() {
        stopping.lock()
        defer { stopping.unlock() }
        guard !stopped else { return }
        stopped = true
        // Not the _sync form: a peer that stopped reading could hold a flush forever.
        cl_g_dbus_connection_close(connection, nil, nil, nil)
        stopFlag.set()
        cl_g_main_context_wakeup(context)
        // Wait for the loop to leave the context before anything is freed (unless we are the loop).
        if Thread.current != loop { _ = loopFinished.wait(timeout: .now() + 2) }
    }

    // MARK: - Helpers

    /// A new connection to `address`, or `.noAnswer` once `timeout` seconds have passed.
    private static func connect(_ address: String, name: String, timeout: Double) throws(DBusError) -> OpaquePointer {
        if SilentBuses.shared.isSilent(address) { throw DBusError.noAnswer(bus: name, seconds: timeout) }
        let deadline = Deadline(seconds: timeout)
        defer { deadline.disarm() }
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        // The cancellable reaches every blocking step: connect, the handshake's reads and
        // writes, and the Hello call.
        guard
            let connection = cl_g_dbus_connection_new_for_address_sync(
                address, flags, nil, deadline.cancellable, &error)
        else {
            let failure = Self.consume(error)
            guard deadline.expired else { throw DBusError.noBus(failure.description) }
            SilentBuses.shared.remember(address)
            throw DBusError.noAnswer(bus: name, seconds: timeout)
        }
        return connection
    }

    /// How messages name `bus`.
    static func name(of bus: Bus) -> String {
        switch bus {
        case .session: "the session bus"
        case .system: "the system bus"
        case .address(let address): "the bus at \(address)"
        }
    }

    static func address(of bus: Bus) throws(DBusError) -> String {
        // getenv, not ProcessInfo's environment, which copies the whole environment each time.
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        switch bus {
        case .address(let a): return a
        case .system:
            if let a = env("DBUS_SYSTEM_BUS_ADDRESS"), !a.isEmpty { return a }
            return "unix:path=/run/dbus/system_bus_socket"
        case .session:
            if let a = env("DBUS_SESSION_BUS_ADDRESS"), !a.isEmpty { return a }
            if let runtime = env("XDG_RUNTIME_DIR"), access(runtime + "/bus", F_OK) == 0 {
                return "unix:path=\(runtime)/bus"
            }
            throw DBusError.noBus("DBUS_SESSION_BUS_ADDRESS is not set")
        }
    }

    static func socketPath(_ address: String) -> String? {
        guard address.hasPrefix("unix:path=") else { return nil }
        return String(address.dropFirst("unix:path=".count).prefix { $0 != "," && $0 != ";" })
    }

    /// Turns a GError into a `DBusError` and frees it.
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> DBusError {
        guard let error else { return .failed("unknown D-Bus failure") }
        defer { cl_g_error_free(error) }
        if cl_g_dbus_error_is_remote_error(error) != 0, let name = cl_g_dbus_error_get_remote_error(error) {
            defer { cl_g_free(name) }
            cl_g_dbus_error_strip_remote_error(error)
            return .remote(name: String(cString: name), message: String(cString: error.pointee.message))
        }
        if error.pointee.domain == cl_g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) {
            return .timeout
        }
        return .failed(String(cString: error.pointee.message))
    }
}

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Work for the loop thread, and its result.
private final class Job: @unchecked Sendable {
    let body: @Sendable () -> UInt32
    let done = DispatchSemaphore(value: 0)
    var result: UInt32 = 0
    init(_ body: @escaping @Sendable () -> UInt32) { self.body = body }
}

private func runJob(_ data: gpointer?) -> gboolean {
    guard let data else { return 0 }
    let job = Unmanaged<Job>.fromOpaque(data).takeUnretainedValue()
    job.result = job.body()
    job.done.signal()
    return 0  // G_SOURCE_REMOVE
}

private func releaseJob(_ data: gpointer?) {
    guard let data else { return }
    Unmanaged<Job>.fromOpaque(data).release()
}

/// The retained signal handler's address, handed to the loop thread once.
private struct RawBox: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
}

/// A GDBusConnection pointer handed to the loop thread; GDBus is thread-safe.
private struct ConnectionBox: @unchecked Sendable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// Hands the main context to the loop thread; GMainContext is thread-safe.
private final class ContextBox: @unchecked Sendable {
    let context: OpaquePointer
    init(_ context: OpaquePointer) { self.context = context }
}

private final class SignalHandler {
    let handler: @Sendable (String, String, [DBusValue]) -> Void
    init(_ handler: @escaping @Sendable (String, String, [DBusValue]) -> Void) { self.handler = handler }
}

private func signalTrampoline(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<gchar>?, _ path: UnsafePointer<gchar>?,
    _ interface: UnsafePointer<gchar>?, _ member: UnsafePointer<gchar>?, _ parameters: OpaquePointer?,
    _ userData: gpointer?
) {
    guard let userData, let parameters else { return }
    let handler = Unmanaged<SignalHandler>.fromOpaque(userData).takeUnretainedValue()
    var arguments: [DBusValue] = []
    if case .tuple(let values) = GVariantConversion.read(parameters) { arguments = values }
    handler.handler(member.map { String(cString: $0) } ?? "", path.map { String(cString: $0) } ?? "", arguments)
}

private func releaseHandler(_ userData: gpointer?) {
    guard let userData else { return }
    Unmanaged<SignalHandler>.fromOpaque(userData).release()
}
