import CGtk

/// Work for after GTK has laid out and painted what is pending (`g_idle_add` at the default
/// idle priority, below GDK's redraw priority).
@MainActor
public enum Idle {
    /// Runs `body` once, after the pending frame.
    public static func afterFrame(_ body: @escaping @MainActor () -> Void) {
        let callback: GSourceFunc = { data in
            guard let data else { return 0 }
            let box = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { box.value() }
            return 0  // G_SOURCE_REMOVE
        }
        let data = Unmanaged.passRetained(Box(body)).toOpaque()
        _ = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, callback, data, nil)
    }
}
