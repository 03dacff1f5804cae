import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// Notes (the list, newest first) and Note (title entry and body, saved as you type and when
/// the window closes or another note is chosen). A note deleted elsewhere while it is open (by
/// `checklists note delete` in another terminal) is saved as a new note at the next change, as
/// the CLI's `note edit --edit` does; a toast says so in the CLI's words and the editor goes on
/// with the new note.
@MainActor
final class NotesWindow {
    private let session: AppSession
    private let window: Widget
    private let list: Widget
    private let title: Widget
    private let body: Widget
    private let editor: Widget
    private let toasts: Widget
    /// The notes listed (titles only: bodies are decrypted when a note is opened).
    private var notes: [Note] = []
    /// The note in the editor, body included, as last saved.
    private var current: Note?
    /// The last save failure shown, so that typing on after a failure does not queue a toast a key.
    private var failure: String?
    /// True while a note is being loaded into the editor (its "changed" is not the user's).
    private var loading = false

    init(parent: UnsafeMutablePointer<GtkWindow>, session: AppSession) {
        self.session = session
        window = adw_window_new()
        let gtkWindow = Cast.to(GtkWindow.self, window)
        gtk_window_set_title(gtkWindow, tr("Notes"))
        gtk_window_set_transient_for(gtkWindow, parent)
        gtk_window_set_default_size(gtkWindow, 720, 480)
        let header = adw_header_bar_new()!
        let add = Build.iconButton("list-add-symbolic", label: tr("Add Note"), classes: [])
        adw_header_bar_pack_start(typed(header), add)
        list = gtk_list_box_new()
        gtk_widget_add_css_class(list, "navigation-sidebar")
        Accessible.setLabel(list, tr("Notes"))
        let side = Build.scrolled(list)
        gtk_widget_set_size_request(side, 220, -1)
        title = gtk_entry_new()
        Accessible.setLabel(title, tr("Title"))
        gtk_entry_set_placeholder_text(typed(title), tr("Title"))
        body = gtk_text_view_new()
        gtk_text_view_set_wrap_mode(typed(body), GTK_WRAP_WORD_CHAR)
        Accessible.setLabel(body, tr("Body"))
        let bodyScroll = Build.scrolled(body)
        editor = Build.box(vertical: true, spacing: 12, [title, bodyScroll])
        Build.margins(editor, 12)
        gtk_widget_set_hexpand(editor, 1)
        let panes = Build.box(vertical: false, [side, gtk_separator_new(GTK_ORIENTATION_VERTICAL), editor])
        gtk_widget_set_vexpand(panes, 1)
        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(OpaquePointer(toasts), panes)
        adw_window_set_content(Cast.to(AdwWindow.self, window), Build.box(vertical: true, [header, toasts]))

        Signals.connect(Cast.object(add), "clicked") { [weak self] in self?.addNote() }
        Signals.connect(
            Cast.object(list), "row-activated",
            withArgument: { [weak self] row in
                guard let self, let row else { return }
                let index = Int(gtk_list_box_row_get_index(Cast.to(GtkListBoxRow.self, OpaquePointer(row))))
                if self.notes.indices.contains(index) { self.select(self.notes[index].id) }
            })
        Signals.connect(Cast.object(title), "changed") { [weak self] in self?.save() }
        Signals.connect(Cast.object(gtk_text_view_get_buffer(typed(body))), "changed") { [weak self] in self?.save() }
        Signals.connectReturning(Cast.object(window), "close-request") { [weak self] in
            self?.save()
            return false
        }
        reload()
        select(notes.first?.id)
    }

    func present() {
        let retained = Unmanaged.passRetained(self)
        // Another process's note changes show in the list, and in the editor when they are to
        // the note it shows; the editor keeps what is being typed.
        let observer = session.addObserver { [weak self] event in
            guard case .changed(.notesChanged(let ids)) = event else { return }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self?.reload()
                    self?.followChange(to: ids)
                }
            }
        }
        Signals.connect(Cast.object(window), "destroy") { [session] in
            session.removeObserver(observer)
            retained.release()
        }
        LockedWindows.close(window, when: session)
        gtk_window_present(Cast.to(GtkWindow.self, window))
    }

    private func reload() {
        notes = (try? session.notes()) ?? []
        while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(typed(list), child) }
        for note in notes {
            let row = adw_action_row_new()!
            adw_preferences_row_set_title(typed(row), note.title)
            adw_preferences_row_set_use_markup(typed(row), 0)
            gtk_list_box_row_set_activatable(Cast.to(GtkListBoxRow.self, row), 1)
            gtk_list_box_append(typed(list), row)
        }
    }

    /// Shows note `id` in the editor, its body read from the store (the list has titles only).
    private func select(_ id: Int64?) {
        current = id.flatMap { id in (try? session.note(id: id)) ?? nil }
        loading = true
        Build.setEditableText(title, current?.title ?? "")
        TextBuffer.set(gtk_text_view_get_buffer(typed(body)), current?.body ?? "")
        loading = false
        Build.sensitive(editor, current != nil)
    }

    /// Another process changed notes `ids` (empty: any): when the note in the editor is one of
    /// them and the editor holds nothing unsaved (it saves as it is typed), it shows the note as
    /// stored now, the cursors where they were. It used to keep the text it had opened with, and
    /// the next key saved that over the other process's change. A note deleted elsewhere stays
    /// in the editor (the next key saves it as a new note, see `save`).
    private func followChange(to ids: Set<Int64>) {
        guard let shown = current, ids.isEmpty || ids.contains(shown.id),
            let fresh = (try? session.note(id: shown.id)) ?? nil,
            fresh.title != shown.title || fresh.body != shown.body
        else { return }
        let buffer = gtk_text_view_get_buffer(typed(body))
        // A blank title field stands for the stored title (see `save`) and stays blank.
        let titleText = Build.text(of: title).trimmingCharacters(in: .whitespacesAndNewlines)
        guard titleText.isEmpty || titleText == shown.title, TextBuffer.text(buffer) == shown.body else { return }
        current = fresh
        let titlePosition = gtk_editable_get_position(typed(title))
        let bodyPosition = TextBuffer.cursor(buffer)
        loading = true
        if fresh.title != shown.title && !titleText.isEmpty {
            Build.setEditableText(title, fresh.title)
            gtk_editable_set_position(typed(title), titlePosition)
        }
        if fresh.body != shown.body {
            TextBuffer.set(buffer, fresh.body)
            TextBuffer.placeCursor(buffer, at: bodyPosition)
        }
        loading = false
    }

    private func addNote() {
        guard let note = attempt({ try session.addNote(title: tr("New Note"), body: "") }) else { return }
        reload()
        select(note.id)
        gtk_widget_grab_focus(title)
    }

    /// Saves the editor into the current note; into a new note when the current one was deleted
    /// elsewhere, which the editor then edits. A note keeps a title: while the title field is
    /// blank the body is saved under the title the note has (nothing was saved then, and closing
    /// the window or choosing another note lost what was typed meanwhile).
    private func save() {
        guard !loading, let old = current else { return }
        let typedTitle = Build.text(of: title).trimmingCharacters(in: .whitespacesAndNewlines)
        let newTitle = typedTitle.isEmpty ? old.title : typedTitle
        let newBody = TextBuffer.text(gtk_text_view_get_buffer(typed(body)))
        guard old.title != newTitle || old.body != newBody else { return }
        guard let saved = attempt({ try session.saveEditedNote(id: old.id, title: newTitle, body: newBody) }) else {
            return
        }
        current = saved.note
        if saved.isNew {
            reload()
            toast(
                tr(
                    "Note %d was deleted while you edited it; saved your text as new note %d: %@", old.id,
                    saved.note.id, saved.note.title))
        } else if let index = notes.firstIndex(where: { $0.id == old.id }) {
            notes[index].title = saved.note.title
            if old.title != newTitle, let row = gtk_list_box_get_row_at_index(typed(list), Int32(index)) {
                adw_preferences_row_set_title(typed(row), newTitle)
            }
        }
    }

    /// Runs a session call; a failure shows as a toast (once until a call succeeds again).
    private func attempt<T>(_ call: () throws -> T) -> T? {
        do {
            let value = try call()
            failure = nil
            return value
        } catch {
            let text = tr("Could not save: %@", String(describing: error))
            if text != failure { toast(text) }
            failure = text
            return nil
        }
    }

    private func toast(_ text: String) {
        adw_toast_overlay_add_toast(OpaquePointer(toasts), Toast.plain(text))
    }
}
