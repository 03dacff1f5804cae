import CGtk
import Dispatch
import Glibc

/// Drains libdispatch's main queue from GLib's main loop, so `DispatchQueue.main.async` and
/// `Task { @MainActor in … }` run while `g_application_run` owns the main thread (nothing else
/// would run them). It watches the queue's wake-up handle with `g_unix_fd_add`: no polling.
public enum MainQueueBridge {
    /// Installs the watch; call once, on the main thread, before the main loop runs.
    public static func install() {
        let handle = _dispatch_get_main_queue_handle_4CF()
        guard handle >= 0 else { return }
        let callback: GUnixFDSourceFunc = { fd, _, _ in
            // The handle is an eventfd: reset it first (as CoreFoundation's run loop does), or
            // it stays readable and the watch spins, starving GTK's redraws.
            var count: UInt64 = 0
            _ = read(fd, &count, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return 1
        }
        _ = g_unix_fd_add(handle, G_IO_IN, callback, nil)
    }
}
