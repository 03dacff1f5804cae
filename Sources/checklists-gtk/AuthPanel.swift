import CGtk
import Foundation
import GtkKit
import LocalAuthentication
import Localization

/// The fingerprint and password prompt's widgets: a hint line, a password entry, and the
/// buttons (Enter Password, Unlock, Cancel). The lock screen and the authentication dialog
/// both show one; `WindowPresenter` drives it.
@MainActor
final class AuthPanel {
    let widget: Widget
    let hint: Widget
    let notice: Widget
    let password: Widget
    let fallbackButton: Widget
    let unlockButton: Widget
    let cancelButton: Widget
    /// The fingerprint prompt's user actions, while it shows.
    private var actions: (@Sendable (UserAction) -> Void)?
    /// The password prompt's answer, while it shows.
    private var reply: (([UInt8]?) -> Void)?
    /// Unlock (retry) when nothing is asked.
    var onUnlock: () -> Void = {}

    init() {
        hint = Build.label("", classes: ["title-4"], xalign: 0.5)
        notice = Build.label("", classes: ["dim-label"], xalign: 0.5)
        gtk_label_set_wrap(OpaquePointer(notice), 1)
        password = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(OpaquePointer(password), 1)
        Accessible.setLabel(password, tr("Password"))
        fallbackButton = Build.button(tr("Enter Password"), classes: ["pill"])
        unlockButton = Build.button(tr("Unlock"), classes: ["pill", "suggested-action"])
        cancelButton = Build.button(tr("Cancel"), classes: ["pill"])
        let buttons = Build.box(vertical: false, spacing: 12, [cancelButton, fallbackButton, unlockButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        widget = Build.box(vertical: true, spacing: 18, [hint, notice, password, buttons])
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(password, 300, -1)
        Signals.connect(Cast.object(fallbackButton), "clicked") { [weak self] in self?.actions?(.fallback) }
        Signals.connect(Cast.object(unlockButton), "clicked") { [weak self] in self?.submitOrUnlock() }
        Signals.connect(Cast.object(password), "activate") { [weak self] in self?.submitOrUnlock() }
        Signals.connect(Cast.object(cancelButton), "clicked") { [weak self] in self?.cancel() }
        idle(notice: "")
    }

    /// Nothing asked: "Unlock" starts again.
    func idle(notice text: String) {
        actions = nil
        reply = nil
        Build.setText(hint, "")
        Build.setText(notice, text)
        Build.visible(password, false)
        Build.visible(fallbackButton, false)
        Build.visible(cancelButton, false)
        Build.visible(unlockButton, true)
    }

    // MARK: - What the presenter shows

    func beginFingerprint(_ prompt: FingerprintPrompt, actions: @escaping @Sendable (UserAction) -> Void) {
        self.actions = actions
        Build.setText(hint, tr("Touch the fingerprint reader"))
        Build.setText(notice, prompt.reason)
        if let title = prompt.fallbackTitle { gtk_button_set_label(Cast.to(GtkButton.self, fallbackButton), title) }
        Build.visible(fallbackButton, prompt.fallbackOffered && prompt.fallbackTitle != nil)
        Build.visible(password, false)
        Build.visible(unlockButton, false)
        Build.visible(cancelButton, true)
    }

    func updateFingerprint(_ update: FingerprintPromptUpdate) {
        switch update {
        case .waitingForFinger:
            // The reader waits again after each scan: the last scan's hint ("Not recognised",
            // "Swipe was too short") stays until the next scan's result replaces it.
            break
        case .hint(let scanHint): Build.setText(hint, Self.text(scanHint))
        case .notRecognized(let left):
            Build.setText(hint, tr("Not recognised"))
            Build.setText(notice, trn("%d attempt left", "%d attempts left", left))
        case .fallbackOffered(let title):
            gtk_button_set_label(Cast.to(GtkButton.self, fallbackButton), title)
            Build.visible(fallbackButton, true)
        }
    }

    func endFingerprint() {
        actions = nil
        Build.visible(fallbackButton, false)
        Build.visible(cancelButton, false)
    }

    func askPassword(_ prompt: PasswordPrompt, reply: @escaping ([UInt8]?) -> Void) {
        self.reply = reply
        Build.setText(hint, prompt.label)
        Build.setText(notice, prompt.notice ?? prompt.reason)
        Build.setEditableText(password, "")
        Accessible.setLabel(password, prompt.label)
        Build.visible(password, true)
        Build.visible(unlockButton, true)
        Build.visible(cancelButton, true)
        Build.visible(fallbackButton, false)
        gtk_widget_grab_focus(password)
    }

    func show(notice text: String) {
        Build.setText(notice, text)
    }

    // MARK: - Buttons

    private func submitOrUnlock() {
        if let reply {
            self.reply = nil
            let bytes = Array(Build.text(of: password).utf8)
            Build.setEditableText(password, "")
            Build.visible(password, false)
            reply(bytes)
        } else if actions == nil {
            onUnlock()
        }
    }

    /// Cancels the prompt on screen, as its Cancel button would.
    func cancelPrompt() { cancel() }

    private func cancel() {
        if let reply {
            self.reply = nil
            Build.setEditableText(password, "")
            reply(nil)
        } else {
            actions?(.cancel)
        }
    }

    private static func text(_ hint: ScanHint) -> String {
        switch hint {
        case .tryAgain: tr("Try again")
        case .swipeTooShort: tr("Swipe was too short")
        case .centerFinger: tr("Center your finger")
        case .removeAndRetry: tr("Remove your finger and try again")
        }
    }
}
