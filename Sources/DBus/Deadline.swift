internal import CLazyLibs
import Foundation

/// A GCancellable that cancels itself after a number of seconds, unless disarmed first.
///
/// GDBus's connection set-up (and libsecret's, which sits on it) honours a cancellable at every
/// blocking step but has no timeout of its own; this gives it one.
public final class Deadline: @unchecked Sendable {
    /// The cancellable to pass to GIO; cancelled when the deadline passes.
    let cancellable: UnsafeMutablePointer<GCancellable>

    /// The same cancellable as an untyped pointer, for a module that passes it to GIO itself.
    public var cancellableAddress: UnsafeMutableRawPointer { UnsafeMutableRawPointer(cancellable) }
    private let lock = NSLock()
    private var armed = true
    private var fired = false

    /// Arms the deadline `seconds` from now.
    public init(seconds: Double) {
        cancellable = cl_g_cancellable_new()
        // The timer keeps this object (and so the cancellable) alive until it has run.
        DispatchQueue.global().asyncAfter(deadline: .now() + max(seconds, 0)) { [self] in
            let cancel = lock.withLock {
                guard armed else { return false }
                fired = true
                return true
            }
            if cancel { cl_g_cancellable_cancel(cancellable) }
        }
    }

    deinit { cl_g_object_unref(UnsafeMutableRawPointer(cancellable)) }

    /// Whether the deadline passed (and the cancellable was cancelled).
    public var expired: Bool { lock.withLock { fired } }

    /// Stops the deadline from firing.
    public func disarm() { lock.withLock { armed = false } }
}
