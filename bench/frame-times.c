/* Frame times from outside the app: an LD_PRELOAD shim that logs, for the first window the app
 * presents, when each frame of its GdkFrameClock starts and when it has been painted, and when
 * the window receives a key press or a scroll, so that bench/desktop-frames.py can compute frame
 * intervals, frame work and input-to-paint latency without a test hook in the app.
 *
 * It wraps gtk_window_present as bench/first-frame.c does (the main window is presented once):
 * on "map" it connects to the frame clock's "flush-events" (a frame starts: pending events are
 * delivered) and "after-paint" (the frame is drawn), and adds a key and a scroll controller to
 * the window in the capture phase (they see every key and scroll before any widget and never
 * stop one). Each record is one line written at once to the file named by FRAME_TIMES_LOG:
 *
 *   start T     a frame began (T: g_get_monotonic_time, microseconds, CLOCK_MONOTONIC)
 *   paint T     the frame has been painted
 *   key T       a key press reached the window
 *   scroll T    a scroll (mouse wheel) reached the window
 *
 *   cc -shared -fPIC -O2 -o frame-times.so frame-times.c $(pkg-config --cflags --libs gtk4) -ldl
 *   FRAME_TIMES_LOG=frames.log LD_PRELOAD=./frame-times.so checklists-gtk
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int log_fd = -1;

static void note(const char *what) {
    if (log_fd < 0) return;
    char line[64];
    int n = snprintf(line, sizeof line, "%s %lld\n", what, (long long)g_get_monotonic_time());
    if (n > 0) (void)!write(log_fd, line, (size_t)n);
}

static void started(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    note("start");
}

static void painted(GdkFrameClock *clock, gpointer data) {
    (void)clock;
    (void)data;
    note("paint");
}

static gboolean key_pressed(GtkEventControllerKey *controller, guint key, guint code, GdkModifierType state,
                            gpointer data) {
    (void)controller;
    (void)key;
    (void)code;
    (void)state;
    (void)data;
    note("key");
    return FALSE;
}

static gboolean scrolled(GtkEventControllerScroll *controller, double dx, double dy, gpointer data) {
    (void)controller;
    (void)dx;
    (void)dy;
    (void)data;
    note("scroll");
    return FALSE;
}

static void mapped(GtkWidget *widget, gpointer data) {
    (void)data;
    static gboolean connected = FALSE;
    if (connected) return;
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    if (clock == NULL) return;
    connected = TRUE;
    g_signal_connect(clock, "flush-events", G_CALLBACK(started), NULL);
    g_signal_connect_after(clock, "after-paint", G_CALLBACK(painted), NULL);
    note("mapped");
}

void gtk_window_present(GtkWindow *window) {
    static void (*real)(GtkWindow *) = NULL;
    static gboolean watching = FALSE;
    if (real == NULL) real = (void (*)(GtkWindow *))dlsym(RTLD_NEXT, "gtk_window_present");
    if (!watching && window != NULL) {
        watching = TRUE;
        const char *path = getenv("FRAME_TIMES_LOG");
        if (path != NULL) log_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
        GtkEventController *keys = gtk_event_controller_key_new();
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
        g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), NULL);
        gtk_widget_add_controller(GTK_WIDGET(window), keys);
        GtkEventController *wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
        gtk_event_controller_set_propagation_phase(wheel, GTK_PHASE_CAPTURE);
        g_signal_connect(wheel, "scroll", G_CALLBACK(scrolled), NULL);
        gtk_widget_add_controller(GTK_WIDGET(window), wheel);
    }
    real(window);
}
