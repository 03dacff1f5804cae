#include <sqlite3.h>

/// `sqlite3_db_config` is variadic (Swift cannot call it): turns SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE
/// on or off for `db`. With it on, closing the last connection leaves the WAL in place instead of
/// checkpointing it into the database file and deleting it.
static inline int cl_sqlite3_set_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

/// `sqlite3_config` is variadic (Swift cannot call it): turns SQLite's memory statistics off
/// (SQLITE_CONFIG_MEMSTATUS), so that its allocator takes no global mutex and keeps no counts
/// for every malloc and free (nothing here reads them). Must run before SQLite initializes;
/// afterwards it fails with SQLITE_MISUSE and changes nothing.
static inline int cl_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
