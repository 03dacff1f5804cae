import CAdw
import CGtk
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Add Item / Edit Item: the text, "Remind Me", and the due date (a calendar popover plus
/// hour and minute spin buttons, or with "All Day" the day alone). Done is insensitive while
/// the text is empty.
@MainActor
final class ItemForm {
    /// `allDay`: the due date is the chosen day alone (its time is the caller's to set).
    typealias Save = (_ text: String, _ due: Date?, _ allDay: Bool, _ remind: Bool) -> Void
    private let dialog: Dialog
    private let text: Widget
    private let remind: Widget
    private let hasDate: Widget
    private let allDayRow: Widget
    private let calendar: Widget
    private let dateButton: Widget
    private let hour: Widget
    private let minute: Widget
    private let warning: Widget
    private let save: Save
    private let dates: DateFormatter

    init(
        parent: UnsafeMutablePointer<GtkWindow>, item: ChecklistItem?, presenter: WindowPresenter, save: @escaping Save
    ) {
        self.save = save
        dialog = Dialog(parent: parent, title: item == nil ? tr("Add Item") : tr("Edit Item"))
        dates = DateFormatter()
        dates.dateStyle = .medium
        dates.timeStyle = .none
        text = adw_entry_row_new()
        adw_preferences_row_set_title(typed(text), tr("Text"))
        Build.setEditableText(text, item?.text ?? "")
        remind = adw_action_row_new()
        hasDate = adw_action_row_new()
        let remindSwitch = Self.switchRow(remind, title: tr("Remind Me"), on: item?.shouldRemind ?? false)
        let dateSwitch = Self.switchRow(hasDate, title: tr("Due Date"), on: item?.dueDate != nil)
        allDayRow = adw_action_row_new()
        let allDaySwitch = Self.switchRow(allDayRow, title: tr("All Day"), on: item?.isAllDay ?? false)

        let due = item?.dueDate ?? Self.nextHour()
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: due)
        calendar = gtk_calendar_new()
        let start = g_date_time_new_local(
            Int32(parts.year ?? 2026), Int32(parts.month ?? 1), Int32(parts.day ?? 1), 0, 0, 0)
        gtk_calendar_select_day(OpaquePointer(calendar), start)
        g_date_time_unref(start)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(typed(popover), calendar)
        dateButton = gtk_menu_button_new()
        gtk_menu_button_set_popover(OpaquePointer(dateButton), popover)
        gtk_widget_set_valign(dateButton, GTK_ALIGN_CENTER)
        hour = gtk_spin_button_new_with_range(0, 23, 1)
        minute = gtk_spin_button_new_with_range(0, 59, 1)
        gtk_spin_button_set_value(OpaquePointer(hour), Double(parts.hour ?? 9))
        gtk_spin_button_set_value(OpaquePointer(minute), Double(parts.minute ?? 0))
        Accessible.setLabel(hour, tr("Hour"))
        Accessible.setLabel(minute, tr("Minute"))
        Accessible.setLabel(dateButton, tr("Date"))
        for spin in [hour, minute] {
            gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
            gtk_spin_button_set_wrap(OpaquePointer(spin), 1)
            gtk_orientable_set_orientation(OpaquePointer(spin), GTK_ORIENTATION_HORIZONTAL)
        }
        let when = adw_action_row_new()!
        adw_preferences_row_set_title(typed(when), tr("When"))
        adw_action_row_add_suffix(typed(when), dateButton)
        adw_action_row_add_suffix(typed(when), hour)
        adw_action_row_add_suffix(typed(when), Build.label(":"))
        adw_action_row_add_suffix(typed(when), minute)
        warning = Build.label("", classes: ["dim-label"])
        gtk_label_set_wrap(OpaquePointer(warning), 1)

        Build.append(dialog.content, Dialog.group(nil, [text]))
        Build.append(dialog.content, Dialog.group(nil, [remind, hasDate, when, allDayRow]))
        Build.append(dialog.content, warning)

        let refresh: @MainActor () -> Void = { [weak self] in self?.refresh() }
        Signals.connect(Cast.object(text), "changed") { refresh() }
        // Enter in the text is Done (while Done is available), as in Add Checklist and the
        // terminal UI's form; it did nothing, and Done was a long way off with Tab.
        Signals.connect(Cast.object(text), "entry-activated") { [weak self] in
            guard let self, gtk_widget_get_sensitive(self.dialog.done) != 0 else { return }
            gtk_widget_activate(self.dialog.done)
        }
        Signals.connect(
            Cast.object(remindSwitch), "notify::active",
            withArgument: { _ in
                if gtk_switch_get_active(OpaquePointer(remindSwitch)) != 0 {
                    gtk_switch_set_active(OpaquePointer(dateSwitch), 1)
                }
                refresh()
            })
        Signals.connect(
            Cast.object(dateSwitch), "notify::active",
            withArgument: { _ in
                if gtk_switch_get_active(OpaquePointer(dateSwitch)) == 0 {
                    gtk_switch_set_active(OpaquePointer(remindSwitch), 0)
                }
                refresh()
            })
        Signals.connect(Cast.object(calendar), "day-selected") { [popover] in
            gtk_popover_popdown(typed(popover))
            refresh()
        }
        for spin in [hour, minute] { Signals.connect(Cast.object(spin), "value-changed") { refresh() } }
        Signals.connect(Cast.object(allDaySwitch), "notify::active", withArgument: { _ in refresh() })
        dialog.onDone = { [weak self] in self?.finish(remindSwitch: remindSwitch, dateSwitch: dateSwitch) }
        self.remindSwitch = remindSwitch
        self.dateSwitch = dateSwitch
        self.allDaySwitch = allDaySwitch
        self.when = when
        refresh()
    }

    private var remindSwitch: Widget?
    private var dateSwitch: Widget?
    private var allDaySwitch: Widget?
    private var when: Widget?

    func present() {
        dialog.present(keeping: self)
        gtk_widget_grab_focus(text)
    }

    // MARK: - State

    private func isOn(_ toggle: Widget?) -> Bool {
        guard let toggle else { return false }
        return gtk_switch_get_active(OpaquePointer(toggle)) != 0
    }

    private func chosenDate() -> Date {
        let day = gtk_calendar_get_date(OpaquePointer(calendar))!
        defer { g_date_time_unref(day) }
        var parts = DateComponents()
        parts.year = Int(g_date_time_get_year(day))
        parts.month = Int(g_date_time_get_month(day))
        parts.day = Int(g_date_time_get_day_of_month(day))
        parts.hour = Int(gtk_spin_button_get_value_as_int(OpaquePointer(hour)))
        parts.minute = Int(gtk_spin_button_get_value_as_int(OpaquePointer(minute)))
        return Calendar.current.date(from: parts) ?? Date()
    }

    private func refresh() {
        dialog.setValid(!ChecklistStore.isBlank(Build.text(of: text)))
        let dated = isOn(dateSwitch)
        if let when { Build.sensitive(when, dated) }
        Build.sensitive(allDayRow, dated)
        // All day: the day alone, its time the all-day hour's.
        for spin in [hour, minute] { Build.sensitive(spin, dated && !isOn(allDaySwitch)) }
        let date = chosenDate()
        gtk_menu_button_set_label(OpaquePointer(dateButton), dates.string(from: date))
        if isOn(remindSwitch) && date <= Date() {
            Build.setText(warning, tr("This date has passed; no reminder will fire."))
        } else {
            Build.setText(warning, "")
        }
    }

    private func finish(remindSwitch: Widget, dateSwitch: Widget) {
        let value = Build.text(of: text).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !ChecklistStore.isBlank(value) else { return }
        let due = isOn(dateSwitch) ? chosenDate() : nil
        save(value, due, isOn(allDaySwitch) && due != nil, isOn(remindSwitch) && due != nil)
    }

    /// A row with a switch as its activatable widget.
    private static func switchRow(_ row: Widget, title: String, on: Bool) -> Widget {
        adw_preferences_row_set_title(typed(row), title)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(OpaquePointer(toggle), on ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(typed(row), toggle)
        adw_action_row_set_activatable_widget(typed(row), toggle)
        return toggle
    }

    /// The next whole hour from now (a new item's default due date).
    private static func nextHour() -> Date {
        let now = Date()
        let hour = Calendar.current.dateInterval(of: .hour, for: now)?.end ?? now
        return hour
    }
}
