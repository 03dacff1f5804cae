import CGtk

/// Window actions (`win.NAME`) with their keyboard shortcuts.
@MainActor
public enum Actions {
    /// Adds `win.NAME` to `window`, bound to `accels` (e.g. "<Control>n"), running `handler`.
    /// - Returns: The action (to make it insensitive with `setEnabled`).
    @discardableResult
    public static func add(
        _ name: String, to window: Widget, app: UnsafeMutablePointer<GtkApplication>, accels: [String] = [],
        _ handler: @escaping @MainActor () -> Void
    ) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signals.connect(Cast.object(action), "activate", withArgument: { _ in handler() })
        g_action_map_add_action(OpaquePointer(window), action)
        if !accels.isEmpty { setAccels(app, "win." + name, accels) }
        return action
    }

    /// Enables or disables an action (its shortcut and the buttons bound to it follow).
    public static func setEnabled(_ action: OpaquePointer, _ enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Binds the detailed action `name` to `accels`.
    public static func setAccels(_ app: UnsafeMutablePointer<GtkApplication>, _ name: String, _ accels: [String]) {
        var pointers = accels.map { strdup($0) }
        defer { for p in pointers { free(p) } }
        pointers.append(nil)
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(app, name, $0)
            }
        }
    }
}
