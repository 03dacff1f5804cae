/* Cold-start timing from outside the app: an LD_PRELOAD shim that ends the process once the
 * first window it presents has painted its first frame, so `hyperfine` times process start →
 * first frame on screen without a test hook in the app.
 *
 * It wraps gtk_window_present (the app presents its main window once, with the lists or the
 * lock screen already in it): before the real call it connects to the window's "map", and on
 * map to the frame clock's "after-paint", which calls _exit(0) (nothing else runs after it).
 * Every other window and every later call pass straight through.
 *
 *   cc -shared -fPIC -O2 -o first-frame.so first-frame.c $(pkg-config --cflags --libs gtk4) -ldl
 *   LD_PRELOAD=./first-frame.so checklists-gtk
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <gtk/gtk.h>
#include <unistd.h>

static void painted(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    _exit(0);
}

static void mapped(GtkWidget *widget, gpointer data) {
    (void)data;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    if (clock != NULL) g_signal_connect(clock, "after-paint", G_CALLBACK(painted), NULL);
}

void gtk_window_present(GtkWindow *window) {
    static void (*real)(GtkWindow *) = NULL;
    static gboolean watching = FALSE;
    if (real == NULL) real = (void (*)(GtkWindow *))dlsym(RTLD_NEXT, "gtk_window_present");
    if (!watching && window != NULL) {
        watching = TRUE;
        g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
    }
    real(window);
}
