import DBus
import Foundation
import Localization
import Reminders
import TerminalText

/// Desktop notifications through `org.freedesktop.Notifications.Notify` on the session bus.
public final class DesktopNotifier: Notifier, @unchecked Sendable {
    public var name: String { "desktop" }
    private let lock = NSLock()
    private var connection: DBusConnection?

    public init() {}

    public func show(_ notice: DeliveryPlan.Notice) throws {
        let bus = try lock.withLock { () throws -> DBusConnection in
            if let connection { return connection }
            let made = try DBusConnection(bus: .session)
            connection = made
            return made
        }
        do {
            try bus.call(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", method: "Notify",
                arguments: [
                    .string("Checklists"), .uint32(0), .string(Self.iconName(notice.icon)), .string(notice.summary),
                    .string(notice.body), .array(elementType: "s", []), .dictionary([:]), .int32(-1),
                ], timeout: 3)
        } catch {
            lock.withLock { connection = nil }  // reconnect next time (the bus may have restarted)
            throw error
        }
    }

    /// A freedesktop icon name for a checklist icon.
    static func iconName(_ icon: String) -> String {
        switch icon {
        case "Appointments": "appointment-new"
        case "Birthdays": "emblem-favorite"
        case "Chores": "edit-clear"
        case "Drinks": "emblem-default"
        case "Folder": "folder"
        case "Groceries": "emblem-shared"
        case "Inbox": "mail-inbox"
        case "Photos": "image-x-generic"
        case "Trips": "mark-location"
        default: "appointment-soon"
        }
    }
}

/// Falls back to a log line (standard error, so the journal keeps it under systemd).
public struct LogNotifier: Notifier {
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public var name: String { "log" }

    public func show(_ notice: DeliveryPlan.Notice) throws {
        // Item texts are the user's: shown with control characters escaped, on one line.
        write(tr("Reminder: %@ — %@", TerminalText.line(notice.summary), TerminalText.line(notice.body)))
    }
}
