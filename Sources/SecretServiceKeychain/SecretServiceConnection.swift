internal import CLazyLibs
import DBus
import Foundation

/// Brings up libsecret's own connection to the Secret Service within a deadline.
///
/// libsecret keeps one process-wide backend, connected through GIO's shared session bus on
/// first use, and its `_sync` calls make that connection with no timeout: a bus that accepts
/// but never answers would hold them forever. Connecting once here, asynchronously on a private
/// main context with a cancellable that a timer cancels, leaves that backend (and its open
/// session) cached, so the later `_sync` calls reuse it and never connect again.
enum SecretServiceConnection {
    /// Connects libsecret, giving up after `timeout` seconds.
    /// - Returns: Why libsecret could not connect, or nil once it has.
    static func prepare(timeout: Double = DBusConnection.connectTimeout) -> String? {
        guard let context = cl_g_main_context_new() else { return "GLib could not make a main context" }
        cl_g_main_context_push_thread_default(context)
        defer {
            cl_g_main_context_pop_thread_default(context)
            cl_g_main_context_unref(context)
        }
        let deadline = Deadline(seconds: timeout)
        defer { deadline.disarm() }
        let pending = PendingConnection()
        // The callback owns one reference; a callback that never comes leaks only this object.
        cl_secret_backend_get(
            SECRET_BACKEND_OPEN_SESSION, deadline.cancellableAddress.assumingMemoryBound(to: GCancellable.self),
            backendReady, Unmanaged.passRetained(pending).toOpaque())
        // Cancelling wakes every blocking step, so the callback follows the deadline at once;
        // the extra second only guards against a callback that never comes.
        let guardTimer = cl_g_timeout_source_new(UInt32((max(timeout, 0) + 1) * 1000))
        cl_g_source_set_callback(guardTimer, giveUp, Unmanaged.passRetained(pending).toOpaque(), releasePending)
        cl_g_source_attach(guardTimer, context)
        defer {
            cl_g_source_destroy(guardTimer)
            cl_g_source_unref(guardTimer)
        }
        while !pending.isDone && !pending.gaveUp { cl_g_main_context_iteration(context, 1) }
        guard pending.isDone else { return "the Secret Service did not answer within \(Int(timeout)) s" }
        if deadline.expired { return "the Secret Service did not answer within \(Int(timeout)) s" }
        return pending.failure
    }
}

/// The outcome of `cl_secret_backend_get`, filled in by its callback.
private final class PendingConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var message: String?
    private var waitedTooLong = false

    var isDone: Bool { lock.withLock { done } }
    var gaveUp: Bool { lock.withLock { waitedTooLong } }

    func giveUp() { lock.withLock { waitedTooLong = true } }
    var failure: String? { lock.withLock { message } }

    func finish(failure: String?) {
        lock.withLock {
            message = failure
            done = true
        }
    }
}

private func backendReady(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: gpointer?) {
    guard let data else { return }
    let pending = Unmanaged<PendingConnection>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let backend = cl_secret_backend_get_finish(result, &error)
    var failure: String?
    if let error {
        failure = String(cString: error.pointee.message)
        cl_g_error_free(error)
    } else if backend == nil {
        failure = "libsecret found no Secret Service"
    }
    // Not unreferenced: libsecret caches the very reference it returns here (its own callers
    // keep it too), and dropping it would free the backend it goes on using.
    pending.finish(failure: failure)
}

private func giveUp(_ data: gpointer?) -> gboolean {
    if let data { Unmanaged<PendingConnection>.fromOpaque(data).takeUnretainedValue().giveUp() }
    return 0  // G_SOURCE_REMOVE
}

private func releasePending(_ data: gpointer?) {
    if let data { Unmanaged<PendingConnection>.fromOpaque(data).release() }
}
