#include <gio/gio.h>
#include <libsecret/secret.h>
/* secret_backend_get (public API since libsecret 0.19) is what libsecret's password calls use
   to find their connection; secret.h does not include its header. */
#define __SECRET_INSIDE_HEADER__
#include <libsecret/secret-backend.h>
#undef __SECRET_INSIDE_HEADER__
