import CGtk

/// A GTK widget pointer, the type most GTK calls take.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Unchecked C casts between GObject types, the Swift form of `GTK_WINDOW(w)` and the like.
///
/// GTK types with a public struct (GtkWidget, GtkWindow, GtkButton) import as typed pointers;
/// types with a private struct (GtkListBox, AdwLeaflet, GtkSpinButton) import as `OpaquePointer`.
public enum Cast {
    /// `p` as a typed pointer to `T` (e.g. `Cast.to(GtkWindow.self, widget)`).
    @inlinable
    public static func to<T>(_ type: T.Type, _ p: OpaquePointer) -> UnsafeMutablePointer<T> {
        UnsafeMutablePointer<T>(p)
    }

    /// `p` as a typed pointer to `T`.
    @inlinable
    public static func to<T, U>(_ type: T.Type, _ p: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
    }

    /// `p` as an opaque pointer (for types that import as `OpaquePointer`).
    @inlinable
    public static func opaque<U>(_ p: UnsafeMutablePointer<U>) -> OpaquePointer {
        OpaquePointer(p)
    }

    /// An opaque object as a widget.
    @inlinable
    public static func widget(_ p: OpaquePointer) -> Widget {
        Widget(p)
    }

    /// `p` as the `gpointer` that GObject calls take.
    @inlinable
    public static func object<U>(_ p: UnsafeMutablePointer<U>) -> gpointer {
        UnsafeMutableRawPointer(p)
    }

    /// An opaque object as a `gpointer`.
    @inlinable
    public static func object(_ p: OpaquePointer) -> gpointer {
        UnsafeMutableRawPointer(p)
    }
}

/// `p` as the typed pointer the callee expects (for GObject types with a public struct, such
/// as AdwActionRow or GtkPopover): the unchecked form of `ADW_ACTION_ROW(p)`.
@inlinable
public func typed<T, U>(_ p: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}

/// `p` as the opaque pointer the callee expects (for GObject types with a private struct, such
/// as GtkListBox, GtkSwitch or AdwStatusPage).
@inlinable
public func typed<U>(_ p: UnsafeMutablePointer<U>) -> OpaquePointer {
    OpaquePointer(p)
}
