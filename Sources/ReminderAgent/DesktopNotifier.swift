import DBus
import Foundation
import Localization
import PrivateFiles
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
    /// Where the notifications still shown are remembered for the next agent, or nil.
    private let memory: String?
    /// Notification IDs the server gave, and the item each one is about (nil: a summary), oldest first.
    private var shown: [(notification: UInt32, item: Int64?)] = []
    /// The unique bus name of the notification server that gave them (IDs are its own).
    private var server: String?
    /// Whether the server on `connection` reads bodies as markup; nil until asked.
    private var bodyMarkup: Bool?

    /// - Parameters:
    ///   - open: Called with an item's ID when its notification is clicked (nil for a summary);
    ///     nil shows notifications without an action.
    ///   - memory: A file that keeps the notifications still shown (their IDs and items, no
    ///     text), so that an agent started later (after an update, a crash, `agent install`)
    ///     follows clicks on them too. They were forgotten with the agent that showed them.
    public init(open: (@Sendable (_ itemID: Int64?) -> Void)? = nil, memory: String? = nil) {
        self.open = open
        self.memory = memory
    }

    /// Connects to the session bus and follows clicks now, on the notifications an earlier
    /// agent showed too (those of the same notification server, by its unique bus name; a
    /// restarted server numbers its notifications afresh). Without a bus, nothing: `show`
    /// connects later.
    public func listen() {
        guard open != nil else { return }
        lock.withLock {
            guard connection == nil, let made = try? DBusConnection(bus: .session) else { return }
            connection = made
            bodyMarkup = nil
            server = Self.owner(on: made)
            shown = server.map { Self.remembered(memory, server: $0) } ?? []
        }
        if let bus = lock.withLock({ connection }) { listen(on: bus) }
    }

    public func show(_ notice: DeliveryPlan.Notice) throws {
        let bus = try lock.withLock { () throws -> DBusConnection in
            if let connection { return connection }
            let made = try DBusConnection(bus: .session)
            connection = made
            bodyMarkup = nil
            if open != nil {
                server = Self.owner(on: made)
                listen(on: made)
            }
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
            save()
        }
    }

    /// Writes the notifications shown to `memory` (under `lock`): one line each, the server's
    /// unique name, the notification's ID and the item's ID ("-" for a summary).
    private func save() {
        guard let memory, let server else { return }
        let lines = shown.map { "\(server) \($0.notification) \($0.item.map(String.init) ?? "-")\n" }
        try? SecureFile.writeAtomically(Array(lines.joined().utf8), to: memory)
    }

    /// The notifications `memory` keeps that `server` showed (a damaged or foreign line is skipped).
    static func remembered(_ memory: String?, server: String) -> [(notification: UInt32, item: Int64?)] {
        guard let memory, let bytes = try? SecureFile.read(memory, limit: 64 * 1024) else { return [] }
        let entries = String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap {
            line -> (notification: UInt32, item: Int64?)? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0] == server, let id = UInt32(fields[1]) else { return nil }
            if fields[2] == "-" { return (id, nil) }
            return Int64(fields[2]).map { (id, $0) }
        }
        return Array(entries.suffix(remembered))
    }

    /// The unique bus name of the notification server, or nil when none answers.
    static func owner(on bus: DBusConnection) -> String? {
        let reply = try? bus.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetNameOwner", arguments: [.string("org.freedesktop.Notifications")], timeout: 3)
        return reply?.first?.string
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
                lock.withLock {
                    shown.removeAll { $0.notification == id }
                    save()
                }
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
