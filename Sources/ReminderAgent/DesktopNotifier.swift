import DBus
import Foundation
import Localization
import Reminders
import TerminalText

/// Desktop notifications through `org.freedesktop.Notifications.Notify` on the session bus.
///
/// Every notification carries the `default` action: clicking a reminder for one item calls
/// `open` with the item's ID (the agent starts the desktop app at that item), clicking a summary
/// ("12 reminders were missed — Open Checklists to see them.") calls it with nil (the app).
public final class DesktopNotifier: Notifier, @unchecked Sendable {
    public var name: String { "desktop" }
    /// The desktop app's ID, named in every notification (`desktop-entry`), so the shell shows
    /// the app's name and icon and groups its notifications.
    public static let desktopEntry = "io.github.checklists.Checklists"
    /// How many shown notifications are remembered for clicks.
    static let remembered = 256

    private let lock = NSLock()
    private var connection: DBusConnection?
    private let open: (@Sendable (_ itemID: Int64?) -> Void)?
    /// Notification IDs the server gave, and the item each one is about (nil: a summary), oldest first.
    private var shown: [(notification: UInt32, item: Int64?)] = []
    /// Whether the server on `connection` reads bodies as markup; nil until asked.
    private var bodyMarkup: Bool?

    /// - Parameter open: Called with an item's ID when its notification is clicked (nil for a
    ///   summary); nil shows notifications without an action.
    public init(open: (@Sendable (_ itemID: Int64?) -> Void)? = nil) {
        self.open = open
    }

    public func show(_ notice: DeliveryPlan.Notice) throws {
        let bus = try lock.withLock { () throws -> DBusConnection in
            if let connection { return connection }
            let made = try DBusConnection(bus: .session)
            connection = made
            bodyMarkup = nil
            if open != nil { listen(on: made) }
            return made
        }
        let item = Self.itemID(of: notice)
        do {
            let body = try readsMarkup(bus) ? Self.markupEscaped(notice.body) : notice.body
            let reply = try bus.call(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", method: "Notify",
                arguments: [
                    .string("Checklists"), .uint32(0), .string(Self.iconName(notice.icon)), .string(notice.summary),
                    .string(body),
                    .array(elementType: "s", open == nil ? [] : [.string("default"), .string(tr("Open"))]),
                    .dictionary(["desktop-entry": .string(Self.desktopEntry)]), .int32(-1),
                ], timeout: 3)
            if open != nil, let id = reply.first?.uint32 { remember(id, item) }
        } catch {
            lock.withLock { connection = nil }  // reconnect next time (the bus may have restarted)
            throw error
        }
    }

    /// Whether the server reads a body as markup (`body-markup` among its capabilities), asked
    /// once per connection. The body holds the user's text (a list name), which must show as
    /// written: “<a href=…>” must not become a link, “&” must not blank the body.
    private func readsMarkup(_ bus: DBusConnection) throws -> Bool {
        if let known = lock.withLock({ bodyMarkup }) { return known }
        let reply = try bus.call(
            destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
            interface: "org.freedesktop.Notifications", method: "GetCapabilities", arguments: [], timeout: 3)
        let markup = reply.first?.strings?.contains("body-markup") ?? false
        lock.withLock { bodyMarkup = markup }
        return markup
    }

    /// `text` with the three characters markup gives meaning to written as entities.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The item a notice is about, when it is about exactly one (not a summary of missed ones).
    static func itemID(of notice: DeliveryPlan.Notice) -> Int64? {
        guard notice.identifiers.count == 1, let identifier = notice.identifiers.first,
            identifier.hasPrefix("item-")
        else { return nil }
        return Int64(identifier.dropFirst(5))
    }

    private func remember(_ notification: UInt32, _ item: Int64?) {
        lock.withLock {
            shown.append((notification, item))
            if shown.count > Self.remembered { shown.removeFirst(shown.count - Self.remembered) }
        }
    }

    /// Follows clicks (`ActionInvoked` with `default`) and closings on `bus`.
    private func listen(on bus: DBusConnection) {
        _ = bus.subscribe(
            sender: nil, path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
            member: nil
        ) { [weak self] member, _, arguments in
            guard let self, let id = arguments.first?.uint32 else { return }
            switch member {
            case "ActionInvoked" where arguments.count > 1 && arguments[1].string == "default":
                let clicked = lock.withLock { shown.last { $0.notification == id } }
                if let clicked { open?(clicked.item) }
            case "NotificationClosed":
                lock.withLock { shown.removeAll { $0.notification == id } }
            default:
                break
            }
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
