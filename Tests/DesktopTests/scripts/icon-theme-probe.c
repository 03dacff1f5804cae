/* Preloaded by icontheme.py: reports how the app put its icons on GTK's icon theme, then ends
 * the app when its first window is presented.
 *
 * Prints "search-path-calls N" (calls to gtk_icon_theme_add_search_path: adding a directory
 * once GTK and libadwaita have started made GTK 4.8 recompute icon styles on every change, which
 * doubled the cost of a focus move in a long list) and "icon NAME yes|no" for the icons the
 * app ships, as the display's icon theme finds them.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <unistd.h>

static int calls = 0;

void gtk_icon_theme_add_search_path(GtkIconTheme *self, const char *path) {
    static void (*real)(GtkIconTheme *, const char *) = NULL;
    if (real == NULL) real = (void (*)(GtkIconTheme *, const char *))dlsym(RTLD_NEXT, "gtk_icon_theme_add_search_path");
    calls++;
    real(self, path);
}

void gtk_window_present(GtkWindow *window) {
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(GTK_WIDGET(window)));
    printf("search-path-calls %d\n", calls);
    const char *names[] = {"io.github.checklists.Checklists", "checklists-groceries-symbolic",
                           "checklists-trips-symbolic"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        printf("icon %s %s\n", names[i], gtk_icon_theme_has_icon(theme, names[i]) ? "yes" : "no");
    fflush(stdout);
    _exit(0);
}
