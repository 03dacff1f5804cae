import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// The Secret screen: "Nothing to see here" until Authenticate succeeds, then "Secret stuff!"
/// and the message (editable, saved on close); hidden again when the app resigns active.
@MainActor
final class SecretWindow {
    private let window: Widget
    private let page: Widget
    private let button: Widget
    private let editor: Widget
    private weak var main: MainWindow?
    private var message: SecretMessage?
    /// The scrolled editor, hidden until the message shows.
    private var frame: Widget?
    /// The session observer that hides the message when the app locks.
    private var observer: UInt64?

    init(main: MainWindow) {
        self.main = main
        window = adw_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, tr("Secret"))
        gtk_window_set_transient_for(gtkWindow, main.gtkWindow)
        gtk_window_set_default_size(gtkWindow, 420, 420)
        page = adw_status_page_new()
        adw_status_page_set_icon_name(typed(page), "security-high-symbolic")
        adw_status_page_set_title(typed(page), tr("Nothing to see here"))
        button = Build.button(tr("Authenticate"), classes: ["pill", "suggested-action"])
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        editor = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(typed(editor), GTK_WRAP_WORD_CHAR)
        Accessible.setLabel(editor, tr("Secret Message"))
        let frame = Build.scrolled(editor)
        gtk_widget_set_size_request(frame, 320, 160)
        Build.visible(frame, false)
        adw_status_page_set_child(typed(page), Build.box(vertical: true, spacing: 12, [button, frame]))
        adw_window_set_content(
            Cast.to(AdwWindow.self, window), Build.box(vertical: true, [adw_header_bar_new(), page]))
        self.frame = frame
        Signals.connect(Cast.object(button), "clicked") { [weak self] in self?.authenticate(frame) }
        // The core saves the shown message when the app resigns or locks: keep it current as
        // it is typed, so a lock does not lose what was typed since the window opened.
        Signals.connect(Cast.object(gtk_text_view_get_buffer(typed(editor))), "changed") { [weak self] in
            guard let self, let message = self.message, message.isShown else { return }
            message.text = TextBuffer.text(gtk_text_view_get_buffer(typed(self.editor)))
        }
        Signals.connectReturning(Cast.object(window), "close-request") { [weak self] in
            self?.save()
            return false
        }
    }

    func present() {
        let retained = Unmanaged.passRetained(self)
        observer = main?.session.addObserver { [weak self] event in
            guard event == .locked else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.hide() } }
        }
        Signals.connect(Cast.object(window), "destroy") { [weak self] in
            if let self, let observer = self.observer { self.main?.session.removeObserver(observer) }
            retained.release()
        }
        gtk_window_present(Cast.to(GtkWindow.self, window))
    }

    private func authenticate(_ frame: Widget) {
        main?.authenticating(tr("Identify yourself!"), { try $0.secret() }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let message):
                self.message = message
                adw_status_page_set_title(typed(self.page), tr("Secret stuff!"))
                let text = message.text ?? ""
                TextBuffer.set(gtk_text_view_get_buffer(typed(self.editor)), text)
                Build.visible(self.button, false)
                Build.visible(frame, true)
            case .failure(let error):
                if let text = MainWindow.message(error) { self.main?.toast(text) }
            }
        }
    }

    /// The app locked (the core saved and hid the message): back to "Nothing to see here".
    private func hide() {
        guard message != nil else { return }
        message = nil
        TextBuffer.set(gtk_text_view_get_buffer(typed(editor)), "")
        adw_status_page_set_title(typed(page), tr("Nothing to see here"))
        if let frame { Build.visible(frame, false) }
        Build.visible(button, true)
    }

    private func save() {
        guard let message, message.isShown else { return }
        let buffer = gtk_text_view_get_buffer(typed(editor))
        message.text = TextBuffer.text(buffer)
        try? message.saveAndHide()
    }
}
