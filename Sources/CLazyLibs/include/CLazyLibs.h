#pragma once
// GLib, GIO, libsecret and PAM, loaded when first called rather than at start.
//
// Most commands never touch D-Bus, the Secret Service or PAM, yet linking those libraries made
// every command map them and resolve their symbols at start (a third of `lists`'s memory and
// about half its instructions; see docs/BENCHMARKS.md). Swift code calls `cl_<name>` instead of
// `<name>`: each opens its library with dlopen on first use and calls the real function.
#include <gio/gio.h>
#include <libsecret/secret.h>
#define __SECRET_INSIDE_HEADER__
#include <libsecret/secret-backend.h>
#undef __SECRET_INSIDE_HEADER__
#include <security/pam_appl.h>

// X(return type, name, (parameters), (arguments)) for every function the Swift code calls.
#define CL_GIO_FUNCTIONS(X) \
    X(void, g_cancellable_cancel, (GCancellable *cancellable), (cancellable)) \
    X(GCancellable *, g_cancellable_new, (void), ()) \
    X(GVariant *, g_dbus_connection_call_sync, (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, GError **error), (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec, cancellable, error)) \
    X(void, g_dbus_connection_close, (GDBusConnection *connection, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data), (connection, cancellable, callback, user_data)) \
    X(GDBusConnection *, g_dbus_connection_new_for_address_sync, (const gchar *address, GDBusConnectionFlags flags, GDBusAuthObserver *observer, GCancellable *cancellable, GError **error), (address, flags, observer, cancellable, error)) \
    X(void, g_dbus_connection_set_exit_on_close, (GDBusConnection *connection, gboolean exit_on_close), (connection, exit_on_close)) \
    X(guint, g_dbus_connection_signal_subscribe, (GDBusConnection *connection, const gchar *sender, const gchar *interface_name, const gchar *member, const gchar *object_path, const gchar *arg0, GDBusSignalFlags flags, GDBusSignalCallback callback, gpointer user_data, GDestroyNotify user_data_free_func), (connection, sender, interface_name, member, object_path, arg0, flags, callback, user_data, user_data_free_func)) \
    X(void, g_dbus_connection_signal_unsubscribe, (GDBusConnection *connection, guint subscription_id), (connection, subscription_id)) \
    X(gchar *, g_dbus_error_get_remote_error, (const GError *error), (error)) \
    X(gboolean, g_dbus_error_is_remote_error, (const GError *error), (error)) \
    X(gboolean, g_dbus_error_strip_remote_error, (GError *error), (error)) \
    X(void, g_error_free, (GError *error), (error)) \
    X(void, g_free, (gpointer mem), (mem)) \
    X(gboolean, g_hash_table_insert, (GHashTable *hash_table, gpointer key, gpointer value), (hash_table, key, value)) \
    X(gpointer, g_hash_table_lookup, (GHashTable *hash_table, gconstpointer key), (hash_table, key)) \
    X(GHashTable*, g_hash_table_new_full, (GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func, GDestroyNotify value_destroy_func), (hash_func, key_equal_func, key_destroy_func, value_destroy_func)) \
    X(void, g_hash_table_unref, (GHashTable *hash_table), (hash_table)) \
    X(GQuark, g_io_error_quark, (void), ()) \
    X(void, g_list_free_full, (GList *list, GDestroyNotify free_func), (list, free_func)) \
    X(void, g_main_context_invoke_full, (GMainContext *context, gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify), (context, priority, function, data, notify)) \
    X(gboolean, g_main_context_iteration, (GMainContext *context, gboolean may_block), (context, may_block)) \
    X(GMainContext *, g_main_context_new, (void), ()) \
    X(void, g_main_context_pop_thread_default, (GMainContext *context), (context)) \
    X(void, g_main_context_push_thread_default, (GMainContext *context), (context)) \
    X(GMainContext *, g_main_context_ref, (GMainContext *context), (context)) \
    X(void, g_main_context_unref, (GMainContext *context), (context)) \
    X(void, g_main_context_wakeup, (GMainContext *context), (context)) \
    X(gpointer, g_object_ref, (gpointer object), (object)) \
    X(void, g_object_unref, (gpointer object), (object)) \
    X(guint, g_source_attach, (GSource *source, GMainContext *context), (source, context)) \
    X(void, g_source_destroy, (GSource *source), (source)) \
    X(void, g_source_set_callback, (GSource *source, GSourceFunc func, gpointer data, GDestroyNotify notify), (source, func, data, notify)) \
    X(void, g_source_unref, (GSource *source), (source)) \
    X(gboolean, g_str_equal, (gconstpointer v1, gconstpointer v2), (v1, v2)) \
    X(guint, g_str_hash, (gconstpointer v), (v)) \
    X(gchar *, g_strdup, (const gchar *str), (str)) \
    X(GSource *, g_timeout_source_new, (guint interval), (interval)) \
    X(void, g_variant_builder_add_value, (GVariantBuilder *builder, GVariant *value), (builder, value)) \
    X(GVariant *, g_variant_builder_end, (GVariantBuilder *builder), (builder)) \
    X(GVariantBuilder *, g_variant_builder_new, (const GVariantType *type), (type)) \
    X(void, g_variant_builder_unref, (GVariantBuilder *builder), (builder)) \
    X(gboolean, g_variant_get_boolean, (GVariant *value), (value)) \
    X(guint8, g_variant_get_byte, (GVariant *value), (value)) \
    X(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_)) \
    X(gdouble, g_variant_get_double, (GVariant *value), (value)) \
    X(gint16, g_variant_get_int16, (GVariant *value), (value)) \
    X(gint32, g_variant_get_int32, (GVariant *value), (value)) \
    X(gint64, g_variant_get_int64, (GVariant *value), (value)) \
    X(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length)) \
    X(const gchar *, g_variant_get_type_string, (GVariant *value), (value)) \
    X(guint16, g_variant_get_uint16, (GVariant *value), (value)) \
    X(guint32, g_variant_get_uint32, (GVariant *value), (value)) \
    X(guint64, g_variant_get_uint64, (GVariant *value), (value)) \
    X(GVariant *, g_variant_get_variant, (GVariant *value), (value)) \
    X(gsize, g_variant_n_children, (GVariant *value), (value)) \
    X(GVariant *, g_variant_new_boolean, (gboolean value), (value)) \
    X(GVariant *, g_variant_new_byte, (guint8 value), (value)) \
    X(GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value)) \
    X(GVariant *, g_variant_new_double, (gdouble value), (value)) \
    X(GVariant *, g_variant_new_int32, (gint32 value), (value)) \
    X(GVariant *, g_variant_new_int64, (gint64 value), (value)) \
    X(GVariant *, g_variant_new_object_path, (const gchar *object_path), (object_path)) \
    X(GVariant *, g_variant_new_string, (const gchar *string), (string)) \
    X(GVariant *, g_variant_new_tuple, (GVariant * const *children, gsize n_children), (children, n_children)) \
    X(GVariant *, g_variant_new_uint32, (guint32 value), (value)) \
    X(GVariant *, g_variant_new_uint64, (guint64 value), (value)) \
    X(GVariant *, g_variant_new_variant, (GVariant *value), (value)) \
    X(void, g_variant_type_free, (GVariantType *type), (type)) \
    X(GVariantType *, g_variant_type_new, (const gchar *type_string), (type_string)) \
    X(void, g_variant_unref, (GVariant *value), (value))

#define CL_SECRET_FUNCTIONS(X) \
    X(void, secret_backend_get, (SecretBackendFlags flags, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data), (flags, cancellable, callback, user_data)) \
    X(SecretBackend *, secret_backend_get_finish, (GAsyncResult *result, GError **error), (result, error)) \
    X(gboolean, secret_item_delete_sync, (SecretItem *self, GCancellable *cancellable, GError **error), (self, cancellable, error)) \
    X(gboolean, secret_password_clearv_sync, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error), (schema, attributes, cancellable, error)) \
    X(void, secret_password_free, (gchar *password), (password)) \
    X(gchar *, secret_password_lookupv_sync, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error), (schema, attributes, cancellable, error)) \
    X(GList *, secret_password_searchv_sync, (const SecretSchema *schema, GHashTable *attributes, SecretSearchFlags flags, GCancellable *cancellable, GError **error), (schema, attributes, flags, cancellable, error)) \
    X(gboolean, secret_password_storev_sync, (const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label, const gchar *password, GCancellable *cancellable, GError **error), (schema, attributes, collection, label, password, cancellable, error)) \
    X(GHashTable *, secret_retrievable_get_attributes, (SecretRetrievable *self), (self)) \
    X(SecretSchema *, secret_schema_newv, (const gchar *name, SecretSchemaFlags flags, GHashTable *attribute_names_and_types), (name, flags, attribute_names_and_types)) \
    X(void, secret_schema_unref, (SecretSchema *schema), (schema))

#define CL_PAM_FUNCTIONS(X) \
    X(int, pam_acct_mgmt, (pam_handle_t *pamh, int flags), (pamh, flags)) \
    X(int, pam_authenticate, (pam_handle_t *pamh, int flags), (pamh, flags)) \
    X(int, pam_end, (pam_handle_t *pamh, int pam_status), (pamh, pam_status)) \
    X(int, pam_start, (const char *service_name, const char *user, const struct pam_conv *pam_conversation, pam_handle_t **pamh), (service_name, user, pam_conversation, pamh)) \
    X(int, pam_start_confdir, (const char *service_name, const char *user, const struct pam_conv *pam_conversation, const char *confdir, pam_handle_t **pamh), (service_name, user, pam_conversation, confdir, pamh)) \
    X(const char *, pam_strerror, (pam_handle_t *pamh, int errnum), (pamh, errnum))
#define CL_DECLARE(type, name, parameters, arguments) type cl_##name parameters;
CL_GIO_FUNCTIONS(CL_DECLARE)
CL_SECRET_FUNCTIONS(CL_DECLARE)
CL_PAM_FUNCTIONS(CL_DECLARE)
#undef CL_DECLARE
