import ChecklistsApp
import Localization

/// One screen of the terminal UI: it draws itself from what it holds and turns keys into calls
/// on the app core. Screens never touch curses.
protocol Screen: AnyObject {
    /// The heading under the tab bar.
    var title: String { get }
    /// The heading in at most `width` cells (by default `title`, cut at the edge).
    func title(width: Int) -> String
    /// The keys shown on the bottom line.
    var hints: String { get }
    /// The top-level section the screen belongs to (highlighted in the tab bar).
    var section: Section { get }
    /// Whether letters are typed into a field here (then only Esc goes back, and `?`, `q`,
    /// digits and Tab are text).
    var capturesText: Bool { get }

    /// Draws rows `area` of `canvas`.
    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp)
    /// Handles a key the app did not handle itself.
    func handle(_ key: Key, app: TerminalApp)
    /// Another process (or this one) changed the store: refetch what is shown, if affected.
    func refresh(_ change: ChangeEvent, app: TerminalApp)
    /// The screen came to the top again (the one above it closed).
    func reappeared(app: TerminalApp)
    /// The UI is ending without the user leaving the screen (the terminal went away, SIGTERM,
    /// Ctrl-C): keep what was typed if the screen keeps it on leaving (the note screen). The item
    /// and list forms drop it, as their Cancel does: only Done makes or changes an item or a list,
    /// and a process that must exit at once cannot ask (a half-typed new item would be added
    /// behind the user's back, a half-edited text would replace the stored one). The app lock
    /// keeps them instead (`DraftForm`).
    func saveBeforeExit(app: TerminalApp)
}

extension Screen {
    var capturesText: Bool { false }
    func title(width: Int) -> String { title }
    func refresh(_ change: ChangeEvent, app: TerminalApp) {}
    func reappeared(app: TerminalApp) {}
    func saveBeforeExit(app: TerminalApp) {}
}

/// The four top-level sections, as tabs.
public enum Section: Int, CaseIterable, Sendable {
    case checklists, notes, secret, settings

    /// The tab's label.
    var label: String {
        switch self {
        case .checklists: tr("Checklists")
        case .notes: tr("Notes")
        case .secret: tr("Secret")
        case .settings: tr("Settings")
        }
    }
}
