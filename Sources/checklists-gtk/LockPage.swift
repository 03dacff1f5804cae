import CAdw
import CGtk
import ChecklistsApp
import Foundation
import GtkKit
import LocalAuthentication
import Localization

/// The lock screen: an `AdwStatusPage` with the fingerprint icon that starts unlocking as soon
/// as it shows. Nothing of the content is in the window while it shows.
@MainActor
final class LockPage {
    let widget: Widget
    let panel = AuthPanel()
    /// An unlock is under way.
    private var running = false
    private weak var session: AppSession?

    init() {
        widget = adw_status_page_new()
        adw_status_page_set_icon_name(OpaquePointer(widget), "auth-fingerprint-symbolic")
        adw_status_page_set_title(OpaquePointer(widget), tr("Checklists Is Locked"))
        adw_status_page_set_child(OpaquePointer(widget), panel.widget)
        panel.onUnlock = { [weak self] in
            guard let self, let session = self.session else { return }
            self.start(session: session)
        }
    }

    /// Starts unlocking through the lock's method (once; the presenter shows the prompts).
    func start(session: AppSession) {
        self.session = session
        guard !running else { return }
        running = true
        panel.show(notice: "")
        let reason = tr("Unlock Checklists.")
        Task { @MainActor [weak self] in
            var failure: String?
            do {
                try await session.unlock(reason: reason)
            } catch let error as LAError
                where error.code == .userCancel || error.code == .appCancel
                || error.code == .systemCancel
            {
                failure = ""
            } catch {
                failure = String(describing: error)
            }
            guard let self else { return }
            self.running = false
            if let failure { self.panel.idle(notice: failure) }
        }
    }

    /// The lock screen went away (unlocked).
    func stop() {
        panel.idle(notice: "")
    }
}
