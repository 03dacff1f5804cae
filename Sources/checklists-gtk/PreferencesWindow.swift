import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Keychain
import Localization

/// Preferences (`AdwPreferencesWindow`): the app lock switch, which authenticates before it
/// flips and flips back with a toast on failure or cancel; the lock method (chosen the same
/// way: authenticated first, back with a toast on failure or cancel); how long an unlock lasts;
/// the idle timeout; the keychain in use; the notification permission and the item text in
/// notifications.
@MainActor
final class PreferencesWindow {
    private let window: Widget
    private weak var main: MainWindow?
    private let lockSwitch: Widget
    private let methodRow: Widget
    /// The methods the chooser offers, in its order.
    private static let methods: [LockMethod] = [.fingerprint, .password, .passcode]
    /// The method the chooser shows: the lock's when it is on, else the one the switch uses.
    private var chosen: LockMethod
    /// True while a switch or the chooser is set by the app (its notify is not the user's).
    private var settingSwitch = false

    init(main: MainWindow) {
        self.main = main
        window = adw_preferences_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_transient_for(gtkWindow, main.gtkWindow)
        gtk_window_set_modal(gtkWindow, 1)
        // It shows whether the lock is on and its times: nothing of it stays beside the lock screen.
        LockedWindows.close(window, when: main.session)
        let settings = main.session.lockSettings

        let lockRow = adw_action_row_new()!
        adw_preferences_row_set_title(typed(lockRow), tr("App Lock"))
        adw_action_row_set_subtitle(typed(lockRow), tr("Ask for your fingerprint or password to open Checklists"))
        lockSwitch = gtk_switch_new()
        gtk_widget_set_valign(lockSwitch, GTK_ALIGN_CENTER)
        gtk_switch_set_active(typed(lockSwitch), settings.method == .off ? 0 : 1)
        adw_action_row_add_suffix(typed(lockRow), lockSwitch)
        adw_action_row_set_activatable_widget(typed(lockRow), lockSwitch)
        chosen = settings.method == .off ? main.session.defaultLockMethod() : settings.method
        methodRow = adw_combo_row_new()
        adw_preferences_row_set_title(typed(methodRow), tr("Lock Method"))
        let names = gtk_string_list_new(nil)!
        for method in Self.methods { gtk_string_list_append(names, Self.name(method)) }
        adw_combo_row_set_model(typed(methodRow), names)
        g_object_unref(Cast.object(names))
        let reuse = Self.spinRow(
            tr("Reuse Window (seconds)"), value: settings.reuseSeconds, range: LockSettings.reuseRange)
        let idle = Self.spinRow(
            tr("Idle Timeout (minutes)"), value: settings.idleMinutes, range: LockSettings.idleRange)
        let keychainRow = adw_action_row_new()!
        adw_preferences_row_set_title(typed(keychainRow), tr("Keychain"))
        let keychain =
            (try? main.session.keychainChoice())
            .map { "\($0.backend.name): \($0.reason)" } ?? tr("Not chosen yet")
        adw_preferences_row_set_use_markup(typed(keychainRow), 0)
        adw_action_row_set_subtitle(typed(keychainRow), keychain)

        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(typed(group), tr("Security"))
        for row in [lockRow, methodRow, reuse.row, idle.row, keychainRow] {
            adw_preferences_group_add(typed(group), row)
        }
        let page = adw_preferences_page_new()!
        adw_preferences_page_add(typed(page), typed(group))
        adw_preferences_page_add(typed(page), typed(notificationsGroup(main.session)))
        adw_preferences_window_add(typed(window), typed(page))
        showMethod()

        Signals.connect(Cast.object(lockSwitch), "notify::active", withArgument: { [weak self] _ in self?.flipped() })
        Signals.connect(Cast.object(methodRow), "notify::selected", withArgument: { [weak self] _ in self?.chose() })
        let saveTimes: @MainActor () -> Void = { [weak self] in
            guard let self, let main = self.main else { return }
            let seconds = Int(gtk_spin_button_get_value_as_int(typed(reuse.spin)))
            let minutes = Int(gtk_spin_button_get_value_as_int(typed(idle.spin)))
            if (try? main.session.saveLockTimes(reuseSeconds: seconds, idleMinutes: minutes)) == nil {
                self.toast(tr("Could not save the lock times."))
            }
        }
        for spin in [reuse.spin, idle.spin] { Signals.connect(Cast.object(spin), "value-changed") { saveTimes() } }
    }

    func present() {
        let retained = Unmanaged.passRetained(self)
        Signals.connect(Cast.object(window), "destroy") { retained.release() }
        gtk_window_present(Cast.to(GtkWindow.self, window))
    }

    /// Shows the lock's method (or, with the lock off, the one the switch will use).
    private func showMethod() {
        guard let main else { return }
        let method = main.session.lockSettings.method
        if method != .off { chosen = method }
        settingSwitch = true
        adw_combo_row_set_selected(typed(methodRow), UInt32(Self.methods.firstIndex(of: chosen) ?? 0))
        settingSwitch = false
    }

    /// A method's name as the chooser shows it.
    private static func name(_ method: LockMethod) -> String {
        switch method {
        case .off: tr("Off")
        case .fingerprint: tr("Fingerprint")
        case .password: tr("Password")
        case .passcode: tr("Passcode")
        }
    }

    /// The user chose a method: with the lock on, switch to it after authenticating (back to
    /// the old one with a toast on failure or cancel); with it off, the switch will use it.
    private func chose() {
        guard !settingSwitch, let main else { return }
        let index = Int(adw_combo_row_get_selected(typed(methodRow)))
        guard Self.methods.indices.contains(index) else { return }
        let method = Self.methods[index]
        let old = main.session.lockSettings.method
        guard old != .off else {
            chosen = method
            return
        }
        guard method != old else { return }
        Build.sensitive(methodRow, false)
        main.authenticating(tr("Change the Lock Method"), { session in _ = try session.enableLock(method) }) {
            [weak self] result in
            guard let self else { return }
            Build.sensitive(self.methodRow, true)
            if case .failure(let error) = result {
                let reason = MainWindow.message(error) ?? tr("Cancelled.")
                self.toast(tr("The lock method stays %@: %@", Self.name(old), reason))
            }
            self.showMethod()
        }
    }

    /// Notifications: whether reminders may show them, and with the item's text.
    private func notificationsGroup(_ session: AppSession) -> Widget {
        let settings = session.notificationSettings
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(typed(group), tr("Notifications"))
        let allowed = switchRow(
            tr("Notifications"), subtitle: tr("Show reminders as notifications when they are due"),
            on: settings.allowed
        ) { [weak self] on in
            guard (try? session.setNotificationsAllowed(on)) != nil else {
                self?.toast(tr("Could not save the notification setting."))
                return false
            }
            return true
        }
        let text = switchRow(
            tr("Show Text in Notifications"), subtitle: tr("Otherwise a notification says only “Checklists reminder”"),
            on: settings.showsItemText
        ) { [weak self] on in
            guard (try? session.setShowsItemTextInNotifications(on)) != nil else {
                self?.toast(tr("Could not save the notification setting."))
                return false
            }
            return true
        }
        for row in [allowed, text] { adw_preferences_group_add(typed(group), row) }
        return group
    }

    /// A row with a switch that saves through `save` (false: the switch flips back).
    private func switchRow(
        _ title: String, subtitle: String, on: Bool, save: @escaping @MainActor (Bool) -> Bool
    ) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(typed(row), title)
        adw_action_row_set_subtitle(typed(row), subtitle)
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_switch_set_active(typed(toggle), on ? 1 : 0)
        adw_action_row_add_suffix(typed(row), toggle)
        adw_action_row_set_activatable_widget(typed(row), toggle)
        Signals.connect(
            Cast.object(toggle), "notify::active",
            withArgument: { [weak self] _ in
                guard let self, !self.settingSwitch else { return }
                let wanted = gtk_switch_get_active(typed(toggle)) != 0
                if !save(wanted) {
                    self.settingSwitch = true
                    gtk_switch_set_active(typed(toggle), wanted ? 0 : 1)
                    self.settingSwitch = false
                }
            })
        return row
    }

    /// The user flipped the switch: authenticate first; flip back on failure or cancel.
    private func flipped() {
        guard !settingSwitch, let main else { return }
        let wantsOn = gtk_switch_get_active(typed(lockSwitch)) != 0
        Build.sensitive(lockSwitch, false)
        let title = wantsOn ? tr("Turn the App Lock On") : tr("Turn the App Lock Off")
        let method = chosen
        main.authenticating(
            title,
            { session in
                if wantsOn {
                    _ = try session.enableLock(method)
                } else {
                    _ = try session.disableLock()
                }
            }
        ) { [weak self] result in
            guard let self else { return }
            Build.sensitive(self.lockSwitch, true)
            if case .failure(let error) = result {
                self.settingSwitch = true
                gtk_switch_set_active(typed(self.lockSwitch), wantsOn ? 0 : 1)
                self.settingSwitch = false
                let reason = MainWindow.message(error) ?? tr("Cancelled.")
                self.toast(wantsOn ? tr("The app lock stays off: %@", reason) : tr("The app lock stays on: %@", reason))
            }
            self.showMethod()
        }
    }

    private func toast(_ text: String) {
        adw_preferences_window_add_toast(typed(window), Toast.plain(text))
    }

    /// A row with a spin button.
    private static func spinRow(_ title: String, value: Int, range: ClosedRange<Int>) -> (row: Widget, spin: Widget) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(typed(row), title)
        let spin = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)!
        gtk_spin_button_set_value(typed(spin), Double(min(max(value, range.lowerBound), range.upperBound)))
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        Accessible.setLabel(spin, title)
        adw_action_row_add_suffix(typed(row), spin)
        return (row, spin)
    }
}
