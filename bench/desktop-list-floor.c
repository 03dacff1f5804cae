/* A floor for bench/desktop-frames.sh: the desktop app's main window reduced to its widgets, in C.
 * An AdwApplicationWindow (860 × 600) with a toast overlay, a stack, a leaflet of a sidebar (header
 * bar, one list row) and a content pane (header bar, a GtkListView over 10,000 rows under a
 * GtkSingleSelection, class "rich-list"), each row built as the app builds its item rows (a grid
 * of the check button on the left, a grid of the text above the due date, a bell, flat Edit and
 * Delete buttons with tooltips). Every 3rd item is checked, every 10th has a due date, every 20th a bell,
 * as `checklists-bench populate` makes them. The first row has the keyboard focus.
 *
 *   cc -O2 -o desktop-list-floor desktop-list-floor.c $(pkg-config --cflags --libs libadwaita-1)
 *   FLOOR_ROWS=plain ./desktop-list-floor   # rows of one label (the floor of the floor)
 *
 * FLOOR_ROWS picks the row (comma-separated): "plain" (a label only), "boxes" (laid out by boxes,
 * as the app did before: GTK 4.8 restyles their `box` nodes whenever a row moves), "nowrap" (the
 * text label does not wrap), "nobuttons" (no Edit and Delete buttons), "fixed" (the due date and
 * the bell are always visible, empty when the item has none), "notransition" (no CSS transitions
 * in the rows). Arguments are ignored (the bench passes --item). Run it through the frame bench:
 *   AFTER=PATH/desktop-list-floor BUILT=1 sh bench/desktop-frames.sh
 */
#include <adwaita.h>
#include <stdio.h>
#include <string.h>

enum { N_ITEMS = 10000 };

static gboolean has(const char *word) {
    const char *rows = g_getenv("FLOOR_ROWS");
    if (rows == NULL) return FALSE;
    char **words = g_strsplit(rows, ",", -1);
    gboolean found = g_strv_contains((const char *const *)words, word);
    g_strfreev(words);
    return found;
}

static gboolean plain, boxes, nowrap, nobuttons, fixed, notransition;

/* A horizontal line of `n` widgets with `spacing`, as a box or a grid. */
static GtkWidget *line(GtkWidget **children, int n, int spacing, gboolean vertical) {
    if (boxes) {
        GtkWidget *box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing);
        for (int i = 0; i < n; i++) gtk_box_append(GTK_BOX(box), children[i]);
        return box;
    }
    GtkWidget *grid = gtk_grid_new();
    /* A box directly in a .rich-list row gets 12 px more from Adwaita's border-spacing. */
    if (vertical)
        gtk_grid_set_row_spacing(GTK_GRID(grid), spacing);
    else
        gtk_grid_set_column_spacing(GTK_GRID(grid), spacing + 12);
    for (int i = 0; i < n; i++) gtk_grid_attach(GTK_GRID(grid), children[i], vertical ? 0 : i, vertical ? i : 0, 1, 1);
    return grid;
}

static GtkWidget *icon_button(const char *icon, const char *label) {
    GtkWidget *button = gtk_button_new_from_icon_name(icon);
    gtk_widget_set_tooltip_text(button, label);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_widget_add_css_class(button, "flat");
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER);
    return button;
}

static void setup(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    if (plain) {
        GtkWidget *label = gtk_label_new("");
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_list_item_set_child(item, label);
        return;
    }
    GtkWidget *check = gtk_check_button_new();
    gtk_widget_set_valign(check, GTK_ALIGN_CENTER);
    gtk_widget_set_focusable(check, FALSE);
    GtkWidget *text = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(text), 0);
    gtk_label_set_wrap(GTK_LABEL(text), !nowrap);
    GtkWidget *due = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(due), 0);
    gtk_widget_add_css_class(due, "dim-label");
    gtk_widget_add_css_class(due, "caption");
    GtkWidget *texts[] = {text, due};
    GtkWidget *labels = line(texts, 2, 2, TRUE);
    gtk_widget_set_hexpand(labels, TRUE);
    gtk_widget_set_valign(labels, GTK_ALIGN_CENTER);
    GtkWidget *bell = gtk_image_new_from_icon_name("alarm-symbolic");
    GtkWidget *cells[] = {check, labels, bell, NULL, NULL};
    if (!nobuttons) {
        cells[3] = icon_button("document-edit-symbolic", "Edit Item");
        cells[4] = icon_button("user-trash-symbolic", "Delete Item");
    }
    GtkWidget *row = line(cells, nobuttons ? 3 : 5, 12, FALSE);
    gtk_widget_set_margin_top(row, 6);
    gtk_widget_set_margin_bottom(row, 6);
    gtk_widget_set_margin_start(row, 6);
    gtk_widget_set_margin_end(row, 6);
    gtk_list_item_set_child(item, row);
}

static void bind(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory;
    (void)data;
    const char *id = gtk_string_object_get_string(GTK_STRING_OBJECT(gtk_list_item_get_item(item)));
    int i = atoi(id);
    char text[64];
    snprintf(text, sizeof text, "Item %d of list 0", i);
    GtkWidget *row = gtk_list_item_get_child(item);
    if (plain) {
        gtk_label_set_text(GTK_LABEL(row), text);
        return;
    }
    GtkWidget *check = gtk_widget_get_first_child(row);
    GtkWidget *labels = gtk_widget_get_next_sibling(check);
    GtkWidget *bell = gtk_widget_get_next_sibling(labels);
    GtkWidget *due = gtk_widget_get_last_child(labels);
    gtk_check_button_set_active(GTK_CHECK_BUTTON(check), i % 3 == 0);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_first_child(labels)), text);
    gboolean dated = i % 10 == 0;
    gtk_label_set_text(GTK_LABEL(due), dated ? "Dec 3, 2026 at 9:00 AM" : "");
    if (fixed) {
        gtk_widget_set_opacity(bell, i % 20 == 0 ? 1 : 0);
    } else {
        gtk_widget_set_visible(due, dated);
        gtk_widget_set_visible(bell, i % 20 == 0);
    }
}

static GtkWidget *list_view(void) {
    GtkStringList *ids = gtk_string_list_new(NULL);
    char id[16];
    for (int i = 0; i < N_ITEMS; i++) {
        snprintf(id, sizeof id, "%d", i);
        gtk_string_list_append(ids, id);
    }
    GtkSingleSelection *selection = gtk_single_selection_new(G_LIST_MODEL(ids));
    gtk_single_selection_set_autoselect(selection, FALSE);
    gtk_single_selection_set_can_unselect(selection, TRUE);
    gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    GtkWidget *view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    gtk_widget_add_css_class(view, "rich-list");
    return view;
}

static gboolean focus_first(gpointer view) {
    GtkWidget *row = gtk_widget_get_first_child(GTK_WIDGET(view));
    if (row != NULL) gtk_widget_grab_focus(row);
    return G_SOURCE_REMOVE;
}

static void activate(GApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = adw_application_window_new(GTK_APPLICATION(app));
    gtk_window_set_title(GTK_WINDOW(window), "Checklists");
    gtk_window_set_default_size(GTK_WINDOW(window), 860, 600);

    GtkWidget *sidebar_header = adw_header_bar_new();
    adw_header_bar_set_title_widget(ADW_HEADER_BAR(sidebar_header), adw_window_title_new("Checklists", NULL));
    GtkWidget *lists = gtk_list_box_new();
    gtk_widget_add_css_class(lists, "navigation-sidebar");
    gtk_list_box_append(GTK_LIST_BOX(lists), gtk_label_new("List 0"));
    GtkWidget *sidebar = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(sidebar), sidebar_header);
    gtk_box_append(GTK_BOX(sidebar), lists);
    gtk_widget_set_size_request(sidebar, 280, -1);

    GtkWidget *content_header = adw_header_bar_new();
    adw_header_bar_set_title_widget(ADW_HEADER_BAR(content_header), adw_window_title_new("List 0", NULL));
    GtkWidget *view = list_view();
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_widget_set_vexpand(scrolled, TRUE);
    GtkWidget *content_stack = gtk_stack_new();
    gtk_stack_add_named(GTK_STACK(content_stack), scrolled, "items");
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), content_header);
    gtk_box_append(GTK_BOX(content), content_stack);
    gtk_widget_set_hexpand(content, TRUE);

    GtkWidget *leaflet = adw_leaflet_new();
    adw_leaflet_append(ADW_LEAFLET(leaflet), sidebar);
    adw_leaflet_append(ADW_LEAFLET(leaflet), gtk_separator_new(GTK_ORIENTATION_VERTICAL));
    adw_leaflet_page_set_name(adw_leaflet_append(ADW_LEAFLET(leaflet), content), "content");
    GtkWidget *stack = gtk_stack_new();
    gtk_stack_add_named(GTK_STACK(stack), leaflet, "content");
    GtkWidget *toasts = adw_toast_overlay_new();
    adw_toast_overlay_set_child(ADW_TOAST_OVERLAY(toasts), stack);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), toasts);
    if (notransition) {
        GtkCssProvider *css = gtk_css_provider_new();
        gtk_css_provider_load_from_data(css, "listview.rich-list > row, listview.rich-list > row * { transition: none; }", -1);
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                                   GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
    gtk_window_present(GTK_WINDOW(window));
    g_idle_add(focus_first, view);
}

int main(void) {
    plain = has("plain");
    boxes = has("boxes");
    nowrap = has("nowrap");
    nobuttons = has("nobuttons");
    fixed = has("fixed");
    notransition = has("notransition");
    AdwApplication *app = adw_application_new("org.example.ChecklistsListFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 0, NULL);
    g_object_unref(app);
    return status;
}
