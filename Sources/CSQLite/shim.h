#include <sqlite3.h>

/// `sqlite3_db_config` is variadic (Swift cannot call it): turns SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE
/// on or off for `db`. With it on, closing the last connection leaves the WAL in place instead of
/// checkpointing it into the database file and deleting it.
static inline int cl_sqlite3_set_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}
