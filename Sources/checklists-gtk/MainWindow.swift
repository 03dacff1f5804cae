import CAdw
import CGtk
import ChecklistsApp
import ChecklistsKit
import Foundation
import GtkKit
import Localization

/// The main window: an `AdwLeaflet` of the Checklists sidebar and the Checklist content, under
/// a toast overlay, with the lock screen in front of both while the session is locked.
@MainActor
final class MainWindow {
    let session: AppSession
    let presenter: WindowPresenter
    let app: UnsafeMutablePointer<AdwApplication>
    /// The AdwApplicationWindow.
    let window: Widget
    var gtkWindow: UnsafeMutablePointer<GtkWindow> { Cast.to(GtkWindow.self, window) }
    let toasts: Widget
    /// "content" (the leaflet) or "locked" (the lock screen).
    let stack: Widget
    let leaflet: Widget
    let sidebar = SidebarView()
    let items: ItemsView
    let lockPage: LockPage
    let deletes = PendingDeletes()
    /// Toggles on their way to the store (off the main thread).
    let writes: ItemWrites
    /// The content page's title and the stack of its list or placeholder.
    let contentTitle: Widget
    let contentStack: Widget
    let placeholder: Widget
    let contentButtons: [Widget]
    /// The list shown in the content pane.
    var current: Checklist?
    /// The authentication dialog of an operation under way while unlocked (Preferences).
    var authDialog: AuthDialog?
    /// The window is minimised (the lock screen waits to start until it shows).
    var minimized = false
    /// Whether the login session is locked or the machine sleeps (the lock screen waits to
    /// start); asked each time, as the lifecycle's observers run in no set order.
    var isAway: () -> Bool = { false }
    /// The item to open once unlocked (`--item ID`).
    var pendingItem: Int64?
    /// A key or click in the window (resets the idle timeout).
    var onActivity: () -> Void = {}
    /// Why the store could not be opened, while the window says so instead of the lists.
    var storeFailure: String?

    init(app: UnsafeMutablePointer<AdwApplication>, session: AppSession, presenter: WindowPresenter) {
        self.app = app
        self.session = session
        self.presenter = presenter
        items = ItemsView(locale: session.configuration.locale.time)
        writes = ItemWrites(session: session)
        window = adw_application_window_new(Cast.to(GtkApplication.self, app))
        gtk_window_set_title(Cast.to(GtkWindow.self, window), tr("Checklists"))
        gtk_window_set_icon_name(Cast.to(GtkWindow.self, window), DesktopApp.applicationID)
        gtk_window_set_default_size(Cast.to(GtkWindow.self, window), 860, 600)

        // Sidebar: header bar with Add Checklist and the main menu, the lists below.
        let sidebarHeader = adw_header_bar_new()!
        adw_header_bar_set_title_widget(OpaquePointer(sidebarHeader), adw_window_title_new(tr("Checklists"), nil))
        let addList = Build.iconButton("list-add-symbolic", label: tr("Add Checklist"), classes: [])
        gtk_actionable_set_action_name(OpaquePointer(addList), "win.add-list")
        adw_header_bar_pack_start(OpaquePointer(sidebarHeader), addList)
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
        Accessible.setLabel(menuButton, tr("Main Menu"))
        Build.setTooltip(menuButton, tr("Main Menu"))
        gtk_menu_button_set_menu_model(OpaquePointer(menuButton), Self.mainMenu())
        adw_header_bar_pack_end(OpaquePointer(sidebarHeader), menuButton)
        let sidebarPane = Build.box(vertical: true, [sidebarHeader, sidebar.widget])
        gtk_widget_set_size_request(sidebarPane, 280, -1)

        // Content: back button, the list's name, Add Item and Delete Checklist; items below.
        let contentHeader = adw_header_bar_new()!
        contentTitle = adw_window_title_new("", nil)
        adw_header_bar_set_title_widget(OpaquePointer(contentHeader), contentTitle)
        let back = Build.iconButton("go-previous-symbolic", label: tr("Back"), classes: [])
        adw_header_bar_pack_start(OpaquePointer(contentHeader), back)
        let addItem = Build.iconButton("list-add-symbolic", label: tr("Add Item"), classes: [])
        gtk_actionable_set_action_name(OpaquePointer(addItem), "win.add-item")
        adw_header_bar_pack_start(OpaquePointer(contentHeader), addItem)
        let deleteList = Build.iconButton("user-trash-symbolic", label: tr("Delete Checklist"), classes: [])
        adw_header_bar_pack_end(OpaquePointer(contentHeader), deleteList)
        contentButtons = [addItem, deleteList]
        placeholder = adw_status_page_new()
        adw_status_page_set_icon_name(OpaquePointer(placeholder), "view-list-symbolic")
        contentStack = gtk_stack_new()
        gtk_stack_add_named(OpaquePointer(contentStack), items.widget, "items")
        gtk_stack_add_named(OpaquePointer(contentStack), placeholder, "placeholder")
        gtk_widget_set_vexpand(contentStack, 1)
        let contentPane = Build.box(vertical: true, [contentHeader, contentStack])
        gtk_widget_set_hexpand(contentPane, 1)

        leaflet = adw_leaflet_new()
        let sidebarPage = adw_leaflet_append(OpaquePointer(leaflet), sidebarPane)
        adw_leaflet_page_set_name(sidebarPage, "sidebar")
        adw_leaflet_append(OpaquePointer(leaflet), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        let contentPage = adw_leaflet_append(OpaquePointer(leaflet), contentPane)
        adw_leaflet_page_set_name(contentPage, "content")
        adw_leaflet_set_can_navigate_back(OpaquePointer(leaflet), 1)

        lockPage = LockPage()
        stack = gtk_stack_new()
        gtk_stack_add_named(OpaquePointer(stack), leaflet, "content")
        gtk_stack_add_named(OpaquePointer(stack), Self.underHeaderBar(lockPage.widget), "locked")
        toasts = adw_toast_overlay_new()
        adw_toast_overlay_set_child(OpaquePointer(toasts), stack)
        adw_application_window_set_content(Cast.to(AdwApplicationWindow.self, window), toasts)

        Signals.connect(Cast.object(back), "clicked") { [weak self] in
            guard let self else { return }
            adw_leaflet_set_visible_child_name(OpaquePointer(self.leaflet), "sidebar")
        }
        Signals.connect(Cast.object(deleteList), "clicked") { [weak self] in self?.deleteCurrentList() }
        let fold: @MainActor () -> Void = { [leaflet] in
            let folded: gboolean = adw_leaflet_get_folded(OpaquePointer(leaflet))
            Build.visible(back, folded != 0)
            adw_header_bar_set_show_end_title_buttons(OpaquePointer(sidebarHeader), folded)
            adw_header_bar_set_show_start_title_buttons(OpaquePointer(contentHeader), folded)
        }
        Signals.connect(Cast.object(leaflet), "notify::folded", withArgument: { _ in fold() })
        fold()
        wireViews()
        installActions()
        watchActivity()
        watchVisibility()
        Signals.connectReturning(Cast.object(window), "close-request") { [weak self] in
            self?.commitPendingDeletes()
            return false
        }
    }

    /// Presents the window, on the lock screen or the lists.
    func show(locked: Bool) {
        if locked { showLockScreen() } else { showContent() }
        gtk_window_present(gtkWindow)
    }

    /// Shows a toast with `title`.
    func toast(_ title: String) {
        adw_toast_overlay_add_toast(OpaquePointer(toasts), Toast.plain(title))
    }

    /// `page` below a flat header bar with no title and the window's buttons, so that a page
    /// filling the window (the lock screen, the store error) can still be moved, minimised and
    /// closed.
    static func underHeaderBar(_ page: Widget) -> Widget {
        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(OpaquePointer(header), adw_window_title_new("", nil))
        gtk_widget_add_css_class(header, "flat")
        gtk_widget_set_vexpand(page, 1)
        return Build.box(vertical: true, [header, page])
    }

    /// The main menu: Search, Notes, Secret, Preferences, Lock Now, Keyboard Shortcuts.
    private static func mainMenu() -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Search"), "win.search")
        g_menu_append(menu, tr("Notes"), "win.notes")
        g_menu_append(menu, tr("Secret"), "win.secret")
        g_menu_append(menu, tr("Preferences"), "win.preferences")
        g_menu_append(menu, tr("Lock Now"), "win.lock")
        g_menu_append(menu, tr("Keyboard Shortcuts"), "win.show-help-overlay")
        return Cast.to(GMenuModel.self, menu)
    }

    private func wireViews() {
        sidebar.onOpen = { [weak self] list in self?.open(list, focus: true) }
        sidebar.onEdit = { [weak self] list in self?.editList(list) }
        items.onToggle = { [weak self] id in self?.toggle(id) }
        items.onEdit = { [weak self] item in self?.editItem(item) }
        items.onDelete = { [weak self] item in self?.delete(item) }
        writes.failed = { [weak self] failure in self?.writeFailed(failure) }
    }
}
