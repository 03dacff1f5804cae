import CGtk
import ChecklistsApp
import GtkKit

/// Notes and Note.
@MainActor
final class NotesWindow {
    init(parent: UnsafeMutablePointer<GtkWindow>, session: AppSession) {}
    func present() {}
}
