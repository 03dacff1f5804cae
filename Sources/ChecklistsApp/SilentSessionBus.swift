import DBus
import Foundation

/// Keeps a session bus that accepts connections but never answers from freezing a front end
/// whose toolkit connects without a deadline.
///
/// GLib's D-Bus handshake has no timeout: GApplication's registration, GTK's accessibility
/// bridge and libsecret would each wait forever before the first window shows. Our own
/// connections give up after `DBusConnection.connectTimeout`; this probes once with that
/// deadline and, when the bus stayed silent, points `DBUS_SESSION_BUS_ADDRESS` at a socket that
/// does not exist, so every later connection in the process fails at once and the app goes on
/// as it does without a session bus (the file keychain's rules, reminders logged, no
/// screensaver signals).
public enum SilentSessionBus {
    /// Where the session bus is pointed once it proved silent (nothing listens there).
    static let nowhere = "unix:path=/nonexistent/checklists-silent-session-bus"

    /// Probes the session bus; call before the toolkit starts, on the main thread.
    /// - Returns: The error to tell the user about when the bus did not answer, else nil
    ///   (the bus answered, or there is none: libraries fail at once then).
    public static func divertIfSilent() -> DBusError? {
        do {
            try DBusConnection(bus: .session).close()
            return nil
        } catch  where error.isSilentBus {
            setenv("DBUS_SESSION_BUS_ADDRESS", nowhere, 1)
            return error
        } catch {
            return nil
        }
    }
}
