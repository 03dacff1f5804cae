import CGtk
import ChecklistsApp
import Foundation
import GtkKit

/// Windows that show content or settings (notes, search results, preferences) close when the
/// app locks, so nothing of them stays on screen beside the lock screen. Their edits are
/// already saved: notes as they are typed, preferences as they change.
@MainActor
enum LockedWindows {
    /// Destroys `window` when `session` locks; the observer goes with the window.
    static func close(_ window: Widget, when session: AppSession) {
        let open = Open(window)
        let observer = session.addObserver { event in
            guard event == .locked else { return }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let window = open.window else { return }
                    gtk_window_destroy(Cast.to(GtkWindow.self, window))
                }
            }
        }
        Signals.connect(Cast.object(window), "destroy") {
            open.window = nil
            session.removeObserver(observer)
        }
    }

    /// The window while it exists; read and written on the main thread only.
    private final class Open: @unchecked Sendable {
        var window: Widget?
        init(_ window: Widget) { self.window = window }
    }
}
