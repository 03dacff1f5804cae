import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Window actions and shortcuts, and the core's events.
extension MainWindow {
    func installActions() {
        let gtkApp = Cast.to(GtkApplication.self, app)
        Actions.add("add-item", to: window, app: gtkApp, accels: ["<Control>n"]) { [weak self] in
            self?.whenUnlocked { $0.addItem() }
        }
        Actions.add("add-list", to: window, app: gtkApp, accels: ["<Control><Shift>n"]) { [weak self] in
            self?.whenUnlocked { $0.addList() }
        }
        Actions.add("undo", to: window, app: gtkApp, accels: ["<Control>z"]) { [weak self] in
            self?.whenUnlocked { $0.undoDelete() }
        }
        Actions.add("search", to: window, app: gtkApp, accels: ["<Control>f"]) { [weak self] in
            self?.whenUnlocked { $0.search() }
        }
        Actions.add("lock", to: window, app: gtkApp, accels: ["<Control>l"]) { [weak self] in self?.lockNow() }
        Actions.add("notes", to: window, app: gtkApp) { [weak self] in
            self?.whenUnlocked { NotesWindow(parent: $0.gtkWindow, session: $0.session).present() }
        }
        Actions.add("secret", to: window, app: gtkApp) { [weak self] in
            self?.whenUnlocked { SecretWindow(main: $0).present() }
        }
        Actions.add("preferences", to: window, app: gtkApp, accels: ["<Control>comma"]) { [weak self] in
            self?.whenUnlocked { PreferencesWindow(main: $0).present() }
        }
        Actions.add("show-help-overlay", to: window, app: gtkApp, accels: ["<Control>question"]) { [weak self] in
            guard let self else { return }
            ShortcutsWindow.present(parent: self.gtkWindow)
        }
    }

    private func whenUnlocked(_ body: (MainWindow) -> Void) {
        guard !session.isLocked, storeFailure == nil else { return }
        body(self)
    }

    /// A core event: another process's change, or the session locking or unlocking.
    func handle(_ event: SessionEvent) {
        guard storeFailure == nil else { return }
        switch event {
        case .locked: showLockScreen()
        case .unlocked: showContent()
        case .changed(let change):
            guard !session.isLocked else { return }
            switch change {
            case .listsChanged, .itemsChanged:
                refreshPendingDeletes()
                reloadLists()
                reloadItems()
            case .notesChanged, .settingsChanged: break
            }
        }
    }

    /// Ctrl+L: locks now when the app lock is on, else says it is off.
    func lockNow() {
        guard session.lockSettings.method != .off else {
            return toast(tr("The app lock is off; turn it on in Preferences."))
        }
        commitPendingDeletes()
        session.lock()
        showLockScreen()
    }

    /// The lists, after unlocking.
    func showContent() {
        lockPage.stop()
        commitPendingDeletes()
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "content")
        reloadLists()
        reloadItems()
        showPendingItem()
    }

    /// The lock screen; nothing behind it stays in the widgets.
    func showLockScreen() {
        if gtk_stack_get_visible_child_name(OpaquePointer(stack)).map({ String(cString: $0) }) == "locked" { return }
        dismissUndoToasts()
        items.show([])
        sidebar.show([], selected: nil)
        // The open list's name stayed in the header's title (hidden, but in the accessibility
        // tree), and an open Add/Edit Item form kept showing its text; `reloadLists` puts the title back.
        adw_window_title_set_title(OpaquePointer(contentTitle), "")
        Dialog.closeAll()
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "locked")
        if gtk_widget_get_mapped(window) != 0 && !minimized && !isAway() { lockPage.start(session: session) }
    }

    /// The store could not be opened (a damaged or foreign file, a newer schema, wrong
    /// permissions): the window says why, in place of the lists and without any of their
    /// actions, and nothing is written.
    func showStoreFailure(_ error: any Error) {
        let reason = String(describing: error)
        storeFailure = reason
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(OpaquePointer(page), "dialog-error-symbolic")
        adw_status_page_set_title(OpaquePointer(page), tr("Cannot Open Your Checklists"))
        let sentence = reason.hasSuffix(".") ? reason : reason + "."
        let text = sentence + "\n\n" + tr("Close Checklists, then repair or move the file and open it again.")
        // The description is Pango markup; a path may hold "&" or "<".
        if let escaped = g_markup_escape_text(text, -1) {
            adw_status_page_set_description(OpaquePointer(page), escaped)
            g_free(escaped)
        }
        gtk_stack_add_named(OpaquePointer(stack), Self.underHeaderBar(page), "failed")
        gtk_stack_set_visible_child_name(OpaquePointer(stack), "failed")
        gtk_window_present(gtkWindow)
    }

    /// The login session locked or the machine is going to sleep: a password prompt on screen
    /// is cancelled (the core cancels a fingerprint scan), and nothing prompts until it is back.
    func systemAway() {
        authDialog?.panel.cancelPrompt()
        lockPage.panel.cancelPrompt()
    }

    /// The login session unlocked or the machine woke: the lock screen prompts again.
    func systemBack() {
        guard session.isLocked, !isAway(), gtk_widget_get_mapped(window) != 0, !minimized else { return }
        showLockScreen()
        lockPage.start(session: session)
    }

    /// Locks when the window is minimised or hidden (the app resigns active), and starts the
    /// fingerprint when it shows again.
    func watchVisibility() {
        Signals.connect(Cast.object(window), "hide") { [weak self] in
            self?.session.willResignActive(.suspended)
        }
        Signals.connect(Cast.object(window), "map") { [weak self] in
            guard let self else { return }
            if let surface = gtk_native_get_surface(OpaquePointer(self.window)) {
                Signals.connect(
                    Cast.object(surface), "notify::state",
                    withArgument: { [weak self] _ in
                        guard let self else { return }
                        let state = gdk_toplevel_get_state(surface)
                        let minimized = state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
                        guard minimized != self.minimized else { return }
                        self.minimized = minimized
                        if minimized {
                            self.session.willResignActive(.suspended)
                        } else if self.session.didBecomeActive() && !self.isAway() {
                            self.showLockScreen()
                            self.lockPage.start(session: self.session)
                        }
                    })
            }
            if self.session.isLocked && !self.isAway() { self.lockPage.start(session: self.session) }
        }
    }
}

extension MainWindow {
    /// Where the presenter shows a prompt: the lock screen while locked, else the
    /// authentication dialog of the operation under way.
    func authPanel() -> AuthPanel {
        if let dialog = authDialog {
            dialog.present()
            return dialog.panel
        }
        return lockPage.panel
    }
}

extension MainWindow {
    /// Keys and clicks anywhere in the app's windows (this one, Notes, Preferences, the forms and
    /// dialogs), seen before the widgets handle them: typing a note is activity too.
    func watchActivity() {
        guard let toplevels = gtk_window_get_toplevels() else { return }
        Signals.connectIgnoringArguments(Cast.object(toplevels), "items-changed") { [weak self] in
            self?.watchActivity(in: toplevels)
            return false
        }
        watchActivity(in: toplevels)
    }

    /// Adds the activity controllers to each window of `toplevels` that has none yet.
    private func watchActivity(in toplevels: OpaquePointer) {
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            let object = Cast.to(GObject.self, OpaquePointer(item))
            guard g_object_get_data(object, Self.watchedKey) == nil else { continue }
            g_object_set_data(object, Self.watchedKey, item)  // any non-null mark
            let window = Cast.widget(OpaquePointer(item))
            let keys = gtk_event_controller_key_new()!
            gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
            Signals.connectIgnoringArguments(Cast.object(keys), "key-pressed") { [weak self] in
                self?.onActivity()
                return false
            }
            gtk_widget_add_controller(window, keys)
            let clicks = gtk_gesture_click_new()!
            gtk_event_controller_set_propagation_phase(clicks, GTK_PHASE_CAPTURE)
            Signals.connectIgnoringArguments(Cast.object(clicks), "pressed") { [weak self] in
                self?.onActivity()
                return false
            }
            gtk_widget_add_controller(window, clicks)
        }
    }

    private static let watchedKey = "checklists-watches-activity"
}
