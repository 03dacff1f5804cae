/* The floor for a fingerprint unlock (issue 13): the least any client can take here to verify
 * one finger through fprintd, with nothing else to do (no store, no vault, no UI).
 *
 *   cc -O2 -o fprintd-floor bench/fprintd-floor.c $(pkg-config --cflags --libs gio-2.0)
 *   fprintd-floor [--quiet] [--fingers]
 *
 * On the system bus (DBUS_SYSTEM_BUS_ADDRESS, e.g. scripts/rig-fprintd.sh's private one) it makes
 * the calls a verification needs, one after the other, each waiting for its reply:
 * GetDefaultDevice, (subscribe to VerifyStatus), Claim(""), VerifyStart("any"); then prints
 * "Touch the fingerprint reader" on stdout and waits for a VerifyStatus with done = true; then
 * VerifyStop and Release. With --fingers, also asks ListEnrolledFingers("") without waiting, sent
 * just before Claim (as Checklists does, to check the enrolment), its reply awaited before the
 * prompt. Exit status 0 on verify-match, 1 otherwise. Unless --quiet, prints one
 * line on stderr with each step's time in ms from main():
 * "connect C device D claim L verifystart S prompt P match M stop T release R".
 */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define SERVICE "net.reactivated.Fprint"
#define DEVICE_INTERFACE "net.reactivated.Fprint.Device"

static double start_time;
static GMainLoop *loop;
static gboolean matched;

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6 - start_time;
}

static GVariant *call(GDBusConnection *bus, const char *path, const char *interface, const char *method,
                      GVariant *arguments) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_sync(bus, SERVICE, path, interface, method, arguments, NULL,
                                                  G_DBUS_CALL_FLAGS_NONE, 10000, NULL, &error);
    if (!reply) {
        fprintf(stderr, "fprintd-floor: %s: %s\n", method, error->message);
        exit(2);
    }
    return reply;
}

static gboolean fingers_done;

static void on_fingers(GObject *source, GAsyncResult *result, gpointer data) {
    GError *error = NULL;
    GVariant *reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(source), result, &error);
    if (!reply) {
        fprintf(stderr, "fprintd-floor: ListEnrolledFingers: %s\n", error->message);
        exit(2);
    }
    g_variant_unref(reply);
    fingers_done = TRUE;
}

static void on_status(GDBusConnection *bus, const char *sender, const char *path, const char *interface,
                      const char *signal, GVariant *parameters, gpointer data) {
    const char *result;
    gboolean done;
    g_variant_get(parameters, "(&sb)", &result, &done);
    if (done) {
        matched = strcmp(result, "verify-match") == 0;
        g_main_loop_quit(loop);
    }
}

int main(int argc, char **argv) {
    start_time = 0;
    start_time = now_ms();
    gboolean quiet = FALSE, fingers = FALSE;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) quiet = TRUE;
        if (strcmp(argv[i], "--fingers") == 0) fingers = TRUE;
    }
    double t[8];
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, NULL, &error);
    if (!bus) {
        fprintf(stderr, "fprintd-floor: %s\n", error->message);
        return 2;
    }
    t[0] = now_ms();
    GVariant *reply = call(bus, "/net/reactivated/Fprint/Manager", "net.reactivated.Fprint.Manager",
                           "GetDefaultDevice", NULL);
    char *device;
    g_variant_get(reply, "(o)", &device);
    g_variant_unref(reply);
    t[1] = now_ms();
    loop = g_main_loop_new(NULL, FALSE);
    g_dbus_connection_signal_subscribe(bus, SERVICE, DEVICE_INTERFACE, "VerifyStatus", device, NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, on_status, NULL, NULL);
    if (fingers)
        g_dbus_connection_call(bus, SERVICE, device, DEVICE_INTERFACE, "ListEnrolledFingers", g_variant_new("(s)", ""),
                               NULL, G_DBUS_CALL_FLAGS_NONE, 10000, NULL, on_fingers, NULL);
    g_variant_unref(call(bus, device, DEVICE_INTERFACE, "Claim", g_variant_new("(s)", "")));
    t[2] = now_ms();
    g_variant_unref(call(bus, device, DEVICE_INTERFACE, "VerifyStart", g_variant_new("(s)", "any")));
    while (fingers && !fingers_done)
        g_main_context_iteration(NULL, TRUE);
    t[3] = now_ms();
    fputs("Touch the fingerprint reader\n", stdout);
    fflush(stdout);
    t[4] = now_ms();
    g_main_loop_run(loop);
    t[5] = now_ms();
    g_variant_unref(call(bus, device, DEVICE_INTERFACE, "VerifyStop", NULL));
    t[6] = now_ms();
    g_variant_unref(call(bus, device, DEVICE_INTERFACE, "Release", NULL));
    t[7] = now_ms();
    if (!quiet)
        fprintf(stderr, "connect %.2f device %.2f claim %.2f verifystart %.2f prompt %.2f match %.2f stop %.2f "
                        "release %.2f\n", t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
    return matched ? 0 : 1;
}
