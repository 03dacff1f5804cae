#include <gtk/gtk.h>
#include <glib-unix.h>

/* libdispatch's main queue, drained from GLib's main loop (see GtkKit.MainQueueBridge):
   exported by libdispatch for run loops that are not its own. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

/* gtk_accessible_update_property/_relation are variadic: fixed-argument forms for Swift. */
static inline void cgtk_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void cgtk_accessible_set_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static inline void cgtk_accessible_labelled_by(GtkWidget *widget, GtkWidget *label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}
