import CGtk
import ChecklistsApp
import GtkKit

/// The Secret screen.
@MainActor
final class SecretWindow {
    init(parent: UnsafeMutablePointer<GtkWindow>, session: AppSession) {}
    func present() {}
}
