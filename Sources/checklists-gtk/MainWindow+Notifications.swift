import CAdw
import CGtk
import ChecklistsApp
import Foundation
import GtkKit
import Localization

/// The first reminder asks the notification permission once.
extension MainWindow {
    /// After an item with Remind Me on is saved: "Allow notifications?" when nobody has
    /// answered yet; the answer is stored for the agent and the CLI, and never asked again.
    func askNotificationPermissionOnce() {
        guard session.notificationPermissionUndetermined else { return }
        let dialog = adw_message_dialog_new(
            gtkWindow, tr("Allow notifications?"),
            tr("Reminders show as notifications when they are due."))!
        let message = Cast.to(AdwMessageDialog.self, dialog)
        adw_message_dialog_add_response(message, "deny", tr("Don’t Allow"))
        adw_message_dialog_add_response(message, "allow", tr("Allow"))
        adw_message_dialog_set_response_appearance(message, "allow", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(message, "allow")
        adw_message_dialog_set_close_response(message, "deny")
        Accessible.nameButtonsAfterTheirLabels(dialog)
        Signals.connect(
            Cast.object(dialog), "response",
            withArgument: { [weak self] response in
                guard let self, let response else { return }
                let allowed = String(cString: response.assumingMemoryBound(to: CChar.self)) == "allow"
                guard self.attempt({ try self.session.answerNotificationPermission(allowed) }) != nil else { return }
                if !allowed {
                    self.toast(
                        tr(
                            "Notifications are off: reminders are kept but will not show (Preferences → Notifications turns them on)."
                        ))
                }
            })
        gtk_window_present(Cast.to(GtkWindow.self, dialog))
    }
}
