import ChecklistsApp
import ChecklistsKit
import Foundation
import Localization
import TerminalText

/// The terminal UI's state: a stack of screens over one app session. It turns keys and session
/// events into calls on the core and draws a `Canvas`; the curses layer (`TerminalLoop`) only
/// feeds it keys and copies frames. Used from one thread.
public final class TerminalApp {
    public let session: AppSession
    let glyphs: Glyphs
    let dates: DueDate.Display
    /// The zone dates are shown and picked in.
    let timeZone: TimeZone
    /// The screens, bottom first; the last one is shown.
    var stack: [any Screen] = []
    /// A one-line message on the bottom row until the next key.
    var toast: Toast?
    /// What `u` brings back.
    var undo: Undo?
    /// Rows of the content area at the last frame (a page for PgUp/PgDn).
    var pageHeight = 20
    /// The idle timeout in seconds (nil: none), from the lock settings; the loop's idle timer
    /// follows it.
    var idleTimeout: Double?
    /// The form being typed when the lock came (and the Icon Picker open over it), kept in memory
    /// while the lock screen shows and put back once unlocked (see `DraftForm`).
    var lockedForm: [any Screen] = []
    /// Whether the user asked to quit.
    public private(set) var isFinished = false

    /// What the last delete removed.
    enum Undo {
        case item(ChecklistItem)
        case list(Checklist, [ChecklistItem])
        case note(Note)
    }

    public init(session: AppSession, unicode: Bool, timeZone: TimeZone = .current) {
        self.session = session
        glyphs = Glyphs(unicode: unicode)
        self.timeZone = timeZone
        dates = DueDate.Display(locale: session.configuration.locale.time, timeZone: timeZone)
    }

    /// Opens the store (or shows the lock screen) and the first screen: the list that was open
    /// last, above the Checklists screen.
    public func start() {
        idleTimeout = Self.idleTimeout(for: session.lockSettings)
        do {
            guard try session.open() else {
                showLock()
                return
            }
        } catch {
            stack = [MessageScreen(text: describe(error))]
            return
        }
        showHome(reopenLast: true)
    }

    /// The Checklists screen, and above it the list opened last when asked.
    func showHome(reopenLast: Bool) {
        let lists = ListsScreen(app: self)
        stack = [lists]
        guard reopenLast, let id = try? session.setting(.checklistIndex), id >= 0,
            let index = lists.lists.firstIndex(where: { $0.id == id })
        else { return }
        lists.scroller.selection = index
        push(ChecklistScreen(list: lists.lists[index], app: self))
    }

    var top: (any Screen)? { stack.last }

    func push(_ screen: any Screen) { stack.append(screen) }

    /// Closes the top screen; closing the last one quits.
    func pop() {
        stack.removeLast()
        if let top { top.reappeared(app: self) } else { isFinished = true }
    }

    /// Ends the UI.
    func quit() { isFinished = true }

    /// Before the UI ends on a signal: each open screen keeps what it keeps on leaving (a note
    /// being typed is saved).
    func saveBeforeExit() {
        for screen in stack.reversed() { screen.saveBeforeExit(app: self) }
    }

    /// Shows `message` on the bottom line until the next key.
    func say(_ message: String, alert: Bool = false) {
        toast = Toast(message, style: alert ? .alert : .bold)
    }

    /// Says that `name` was deleted and that `u` brings it back; a long name is cut so that the
    /// hint still shows.
    func sayDeleted(_ name: String) {
        toast = Toast(naming: TerminalText.line(name)) { tr("Deleted “%@”. u to undo.", $0) }
    }

    /// Says that `name` is back; a long name is cut so that the end of the message still shows.
    func sayRestored(_ name: String) {
        toast = Toast(naming: TerminalText.line(name)) { tr("Restored “%@”.", $0) }
    }

    /// Runs a core call; a failure becomes an alert toast (a lock while at it shows the lock screen).
    @discardableResult
    func perform<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch AppSessionError.locked {
            showLock()
        } catch {
            say(describe(error), alert: true)
        }
        return nil
    }

    /// Runs a core call on what a form shows (`name`: a list, an item): when another process
    /// deleted it meanwhile, the line says so in words. The store's "No list "2"." named an ID
    /// that the terminal UI never shows.
    func perform<T>(on name: String, _ body: () throws -> T) -> T? {
        var isGone = false
        let result = perform { () throws -> T? in
            do {
                return try body()
            } catch let error as ChecklistsError where error.isNotFound {
                isGone = true
                return nil
            }
        }
        if isGone { sayDeletedElsewhere(name) }
        return result ?? nil
    }

    /// Says that `name` was deleted by another process (the screen showing it closed, or a form
    /// on it could not save).
    func sayDeletedElsewhere(_ name: String) {
        toast = Toast(naming: TerminalText.line(name), style: .alert) { tr("“%@” was deleted elsewhere.", $0) }
    }

    /// A due date in the locale's medium date and short time (a plain space before AM/PM, so
    /// terminals without that narrow space show it); an all-day item's date alone.
    func dateText(_ date: Date, allDay: Bool = false) -> String {
        dates.string(date, allDay: allDay).replacingOccurrences(of: "\u{202F}", with: " ")
    }

    /// One line for an error.
    func describe(_ error: any Error) -> String {
        switch error {
        case AppSessionError.refused(let message), AppSessionError.rejected(let message),
            AppSessionError.storage(let message):
            message
        case let e as ChecklistsError: e.description
        case let e as StoreError: e.description
        default: "\(error)"
        }
    }
}
