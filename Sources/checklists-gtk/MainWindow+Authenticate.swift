import CGtk
import ChecklistsApp
import Foundation
import GtkKit
import LocalAuthentication

/// Work that may authenticate while the window is unlocked (the secret, the lock switch): it
/// runs on the session's queue; the presenter's prompts show in an authentication dialog.
extension MainWindow {
    func authenticating<T: Sendable>(
        _ title: String, _ work: @escaping @Sendable (AppSession) throws -> T,
        done: @escaping @MainActor (Result<T, any Error>) -> Void
    ) {
        let dialog = AuthDialog(parent: gtkWindow, title: title)
        authDialog = dialog
        let session = self.session
        Task { @MainActor [weak self] in
            let result: Result<T, any Error>
            do {
                result = .success(try await session.run(work))
            } catch {
                result = .failure(error)
            }
            dialog.close()
            if self?.authDialog === dialog { self?.authDialog = nil }
            done(result)
        }
    }

    /// A failure the user should read (nothing for a cancel).
    static func message(_ error: any Error) -> String? {
        if let error = error as? LAError, [.userCancel, .appCancel, .systemCancel].contains(error.code) {
            return nil
        }
        return String(describing: error)
    }
}
