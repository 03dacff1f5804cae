import CGtk
import ChecklistsApp
import GtkKit

/// Preferences.
@MainActor
final class PreferencesWindow {
    init(main: MainWindow) {}
    func present() {}
}
