import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Keychain
import Localization

/// Preferences (`AdwPreferencesWindow`): the app lock switch, which authenticates before it
/// flips and flips back with a toast on failure or cancel; the lock method; how long an unlock
/// lasts; the idle timeout; the keychain in use.
@MainActor
final class PreferencesWindow {
    private let window: Widget
    private weak var main: MainWindow?
    private let lockSwitch: Widget
    private let methodRow: Widget
    /// True while the switch is set by the app (its notify is not the user's).
    private var settingSwitch = false

    init(main: MainWindow) {
        self.main = main
        window = adw_preferences_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_transient_for(gtkWindow, main.gtkWindow)
        gtk_window_set_modal(gtkWindow, 1)
        let settings = main.session.lockSettings

        let lockRow = adw_action_row_new()!
        adw_preferences_row_set_title(typed(lockRow), tr("App Lock"))
        adw_action_row_set_subtitle(typed(lockRow), tr("Ask for your fingerprint or password to open Checklists"))
        lockSwitch = gtk_switch_new()
        gtk_widget_set_valign(lockSwitch, GTK_ALIGN_CENTER)
        gtk_switch_set_active(typed(lockSwitch), settings.method == .off ? 0 : 1)
        adw_action_row_add_suffix(typed(lockRow), lockSwitch)
        adw_action_row_set_activatable_widget(typed(lockRow), lockSwitch)
        methodRow = adw_action_row_new()
        adw_preferences_row_set_title(typed(methodRow), tr("Lock Method"))
        let reuse = Self.spinRow(tr("Reuse Window (seconds)"), value: settings.reuseSeconds, range: 0...3600)
        let idle = Self.spinRow(tr("Idle Timeout (minutes)"), value: settings.idleMinutes, range: 0...1440)
        let keychainRow = adw_action_row_new()!
        adw_preferences_row_set_title(typed(keychainRow), tr("Keychain"))
        let keychain =
            (try? main.session.keychainChoice())
            .map { String(describing: $0) } ?? tr("Not chosen yet")
        adw_action_row_set_subtitle(typed(keychainRow), keychain)

        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(typed(group), tr("Security"))
        for row in [lockRow, methodRow, reuse.row, idle.row, keychainRow] {
            adw_preferences_group_add(typed(group), row)
        }
        let page = adw_preferences_page_new()!
        adw_preferences_page_add(typed(page), typed(group))
        adw_preferences_window_add(typed(window), typed(page))
        showMethod()

        Signals.connect(Cast.object(lockSwitch), "notify::active", withArgument: { [weak self] _ in self?.flipped() })
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

    private func showMethod() {
        guard let main else { return }
        let method = main.session.lockSettings.method
        adw_action_row_set_subtitle(typed(methodRow), method == .off ? tr("Off") : method.rawValue.capitalized)
    }

    /// The user flipped the switch: authenticate first; flip back on failure or cancel.
    private func flipped() {
        guard !settingSwitch, let main else { return }
        let wantsOn = gtk_switch_get_active(typed(lockSwitch)) != 0
        Build.sensitive(lockSwitch, false)
        let title = wantsOn ? tr("Turn the App Lock On") : tr("Turn the App Lock Off")
        main.authenticating(
            title,
            { session in
                if wantsOn {
                    _ = try session.enableLock(session.defaultLockMethod())
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
        adw_preferences_window_add_toast(typed(window), adw_toast_new(text))
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
