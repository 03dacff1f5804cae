/// The store's change log: the `change_log` table that triggers fill on every change to lists,
/// items, notes and settings, whichever process or connection made it, so that a reader (the
/// change monitor, later sync) that remembers the last sequence number it saw reads only the
/// rows after it — a cost of the size of the change, not of the store.
///
/// Columns: `seq` (ascending, contiguous except where old rows were pruned), `kind` (`list`,
/// `item`, `note`, `setting`), `row` (the list, item or note ID), `uid`, `list` (a list's own
/// ID, an item's list), `key` (a setting's key), `op` (`insert`, `update`, `delete`; `move` for
/// the list an item left), `recount` (1 when the list's total or remaining count moved).
///
/// An import (`ChecklistStore.importBatch`) logs one row per list it added items to instead of
/// one per item (kind `item`, op `insert`, recount 1, `row` and `uid` NULL; see
/// `ItemInsertTriggers`): a reader learns the same thing, that the list's items and counts changed.
///
/// The item ID counter (`ChecklistItemID`) is not logged: it moves with every item added, which
/// the item's own row already says, and logging it would double the log's cost of a bulk add.
public enum ChangeLog {
    /// Rows kept: once `seq` reaches a multiple of `pruneEvery`, rows more than `kept` behind it go.
    /// A reader that falls further behind reloads the lists (see `ChangeLogReader`); a window of
    /// 1,000 changes costs about 65 KB, against 650 KB for the 10,000 kept before.
    public static let kept = 1_000
    public static let pruneEvery = 100

    /// The table and its triggers (schema migration 5; `pruning` follows in migration 6).
    static let schema = """
        CREATE TABLE change_log(
            seq INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            row INTEGER,
            uid TEXT,
            list INTEGER,
            key TEXT,
            op TEXT NOT NULL,
            recount INTEGER NOT NULL DEFAULT 0
        );
        CREATE TRIGGER change_log_list_insert AFTER INSERT ON checklists BEGIN
            INSERT INTO change_log(kind, row, uid, list, op) VALUES('list', NEW.id, NEW.uid, NEW.id, 'insert');
        END;
        CREATE TRIGGER change_log_list_update AFTER UPDATE OF name, icon, uid ON checklists BEGIN
            INSERT INTO change_log(kind, row, uid, list, op) VALUES('list', NEW.id, NEW.uid, NEW.id, 'update');
        END;
        CREATE TRIGGER change_log_list_delete AFTER DELETE ON checklists BEGIN
            INSERT INTO change_log(kind, row, uid, list, op) VALUES('list', OLD.id, OLD.uid, OLD.id, 'delete');
        END;
        CREATE TRIGGER change_log_item_insert AFTER INSERT ON items BEGIN
            INSERT INTO change_log(kind, row, uid, list, op, recount)
            VALUES('item', NEW.id, NEW.uid, NEW.list_id, 'insert', 1);
        END;
        CREATE TRIGGER change_log_item_update AFTER UPDATE ON items BEGIN
            INSERT INTO change_log(kind, row, uid, list, op, recount)
            VALUES('item', NEW.id, NEW.uid, NEW.list_id, 'update',
                OLD.checked IS NOT NEW.checked OR OLD.list_id IS NOT NEW.list_id);
            INSERT INTO change_log(kind, row, uid, list, op, recount)
            SELECT 'item', OLD.id, OLD.uid, OLD.list_id, 'move', 1 WHERE OLD.list_id IS NOT NEW.list_id;
        END;
        CREATE TRIGGER change_log_item_delete AFTER DELETE ON items BEGIN
            INSERT INTO change_log(kind, row, uid, list, op, recount)
            VALUES('item', OLD.id, OLD.uid, OLD.list_id, 'delete', 1);
        END;
        CREATE TRIGGER change_log_note_insert AFTER INSERT ON notes BEGIN
            INSERT INTO change_log(kind, row, uid, op) VALUES('note', NEW.id, NEW.uid, 'insert');
        END;
        CREATE TRIGGER change_log_note_update AFTER UPDATE ON notes BEGIN
            INSERT INTO change_log(kind, row, uid, op) VALUES('note', NEW.id, NEW.uid, 'update');
        END;
        CREATE TRIGGER change_log_note_delete AFTER DELETE ON notes BEGIN
            INSERT INTO change_log(kind, row, uid, op) VALUES('note', OLD.id, OLD.uid, 'delete');
        END;
        CREATE TRIGGER change_log_setting_insert AFTER INSERT ON settings WHEN NEW.key != 'ChecklistItemID' BEGIN
            INSERT INTO change_log(kind, key, op) VALUES('setting', NEW.key, 'insert');
        END;
        CREATE TRIGGER change_log_setting_update AFTER UPDATE ON settings
        WHEN OLD.value IS NOT NEW.value AND NEW.key != 'ChecklistItemID' BEGIN
            INSERT INTO change_log(kind, key, op) VALUES('setting', NEW.key, 'update');
        END;
        CREATE TRIGGER change_log_setting_delete AFTER DELETE ON settings BEGIN
            INSERT INTO change_log(kind, key, op) VALUES('setting', OLD.key, 'delete');
        END;
        """

    /// The pruning trigger (schema migration 6; migration 5 made one that kept 10,000 rows), and
    /// the rows over `kept` pruned at once.
    static let pruning = """
        DROP TRIGGER IF EXISTS change_log_pruned;
        CREATE TRIGGER change_log_pruned AFTER INSERT ON change_log WHEN NEW.seq % \(pruneEvery) = 0 BEGIN
            DELETE FROM change_log WHERE seq <= NEW.seq - \(kept);
        END;
        DELETE FROM change_log WHERE seq <= (SELECT max(seq) FROM change_log) - \(kept);
        """
}
