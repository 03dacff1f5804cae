/* The floor for the desktop app's cold start: what GTK and libadwaita themselves take before a
 * first frame. An AdwApplication opens an AdwApplicationWindow holding a header bar and an
 * AdwStatusPage with a title, nothing else: no store, no keys, no D-Bus work of its own. Like
 * the app with the cairo renderer, it tells GDK to skip the GL probe (GDK_DEBUG=gl-disable).
 * bench/desktop.sh times it with the same first-frame shim as the app.
 *
 *   cc -O2 -o desktop-floor desktop-floor.c $(pkg-config --cflags --libs libadwaita-1)
 */
#include <adwaita.h>
#include <stdlib.h>

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Checklists");
    gtk_window_set_default_size(GTK_WINDOW(window), 900, 640);
    GtkWidget *page = adw_status_page_new();
    adw_status_page_set_title(ADW_STATUS_PAGE(page), "No Checklist Selected");
    gtk_widget_set_vexpand(page, TRUE);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    gtk_box_append(GTK_BOX(box), page);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    const char *renderer = getenv("GSK_RENDERER");
    if (renderer != NULL && g_str_equal(renderer, "cairo") && getenv("GDK_DEBUG") == NULL)
        setenv("GDK_DEBUG", "gl-disable", 1);
    AdwApplication *app = adw_application_new("org.example.ChecklistsFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status;
}
