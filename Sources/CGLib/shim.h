#include <gio/gio.h>
#include <libsecret/secret.h>
