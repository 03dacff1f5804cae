import CGtk

/// Connects Swift closures to GObject signals.
///
/// The closure lives in a retained box passed as the signal's user data; GObject releases it
/// through the destroy notify when the handler is disconnected or the object is finalized.
/// Callbacks run on GTK's main thread, so the closures are `@MainActor`.
@MainActor
public enum Signals {
    /// A signal whose handler takes only the instance (`clicked`, `activate`, `destroy`).
    @discardableResult
    public static func connect(_ instance: gpointer, _ name: String, _ handler: @escaping @MainActor () -> Void) -> UInt
    {
        let callback: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.value() }
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// A signal with one pointer argument (`notify::active`, a GAction's `activate`, a list's
    /// `row-activated`), handed to `handler`.
    @discardableResult
    public static func connect(
        _ instance: gpointer, _ name: String, withArgument handler: @escaping @MainActor (gpointer?) -> Void
    ) -> UInt {
        let callback: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (gpointer?) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.value(argument) }
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// A signal with an unsigned argument (a list view's `activate` position).
    @discardableResult
    public static func connect(
        _ instance: gpointer, _ name: String, withIndex handler: @escaping @MainActor (UInt32) -> Void
    ) -> UInt {
        let callback: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, index, data in
            guard let data else { return }
            let box = Unmanaged<Box<@MainActor (UInt32) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.value(index) }
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// A signal whose handler returns a boolean (`close-request`: true stops the default).
    @discardableResult
    public static func connectReturning(
        _ instance: gpointer, _ name: String, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt {
        let callback: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            guard let data else { return 0 }
            let box = Unmanaged<Box<@MainActor () -> Bool>>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.value() } ? 1 : 0
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// An event controller's `key-pressed` (key value and modifier state); `handler` returns
    /// true when it handled the key.
    @discardableResult
    public static func connect(
        _ instance: gpointer, _ name: String, key handler: @escaping @MainActor (UInt32, UInt32) -> Bool
    ) -> UInt {
        let callback: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            guard let data else { return 0 }
            let box = Unmanaged<Box<@MainActor (UInt32, UInt32) -> Bool>>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.value(keyval, state.rawValue) } ? 1 : 0
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// A list item factory's `setup`/`bind`/`unbind` (factory, list item, user data).
    @discardableResult
    public static func connect(
        _ instance: gpointer, _ name: String, listItem handler: @escaping @MainActor (OpaquePointer) -> Void
    ) -> UInt {
        let callback: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = { _, item, data in
            guard let data, let item else { return }
            let box = Unmanaged<Box<@MainActor (OpaquePointer) -> Void>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.value(item) }
        }
        return attach(instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self))
    }

    /// Any signal, whatever its arguments: connected swapped, so the callback receives the user
    /// data first and ignores the rest (`key-pressed`, a gesture's `pressed`). `handler`'s
    /// result is the signal's return value where it has one.
    @discardableResult
    public static func connectIgnoringArguments(
        _ instance: gpointer, _ name: String, _ handler: @escaping @MainActor () -> Bool
    ) -> UInt {
        let callback: @convention(c) (gpointer?) -> gboolean = { data in
            guard let data else { return 0 }
            let box = Unmanaged<Box<@MainActor () -> Bool>>.fromOpaque(data).takeUnretainedValue()
            return MainActor.assumeIsolated { box.value() } ? 1 : 0
        }
        return attach(
            instance, name, Box(handler), unsafeBitCast(callback, to: GCallback.self), flags: G_CONNECT_SWAPPED)
    }

    private static func attach<T>(
        _ instance: gpointer, _ name: String, _ box: Box<T>, _ callback: GCallback,
        flags: GConnectFlags = GConnectFlags(rawValue: 0)
    ) -> UInt {
        let release: GClosureNotify = { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        return UInt(g_signal_connect_data(instance, name, callback, data, release, flags))
    }
}

/// A value held for a C callback.
final class Box<T> {
    let value: T
    init(_ value: T) { self.value = value }
}
