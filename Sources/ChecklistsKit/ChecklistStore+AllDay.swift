import Foundation

extension ChecklistStore {
    /// Moves every all-day item to `hour` of its day in `timeZone`, after the all-day hour
    /// setting changed: its due date, and so its reminder, follow the setting, as a day typed
    /// from now on does. Items keep their modified time (their day is the same). One transaction;
    /// each reminder is rendered again through the journal.
    /// - Returns: How many items moved.
    /// - Throws: `StoreError` when the store fails (nothing moves).
    @discardableResult
    public func moveAllDayItems(toHour hour: Int, timeZone: TimeZone) throws -> Int {
        let journal = self.journal.withLock { $0 }
        let moved = try write { s in
            let stmt = try s.db.prepare("SELECT id, due FROM items WHERE all_day = 1 AND due IS NOT NULL")
            var found: [(Int64, Int64)] = []
            while try stmt.step() { found.append((stmt.int64(0), stmt.int64(1))) }
            stmt.reset()
            var moved: [(old: ChecklistItem, new: ChecklistItem)] = []
            var count = 0
            for (id, due) in found {
                let to = State.seconds(DueDate.allDay(onDayOf: State.date(due), hour: hour, timeZone: timeZone))
                guard to != due else { continue }
                // Read before the update, for the reminder; a row that does not decrypt moves all the same.
                let old = try? s.item(id: id)
                try s.db.prepare("UPDATE items SET due = ? WHERE id = ?").bind(.int(to), .int(id)).run()
                count += 1
                guard var new = old, let old else { continue }
                new.dueDate = State.date(to)
                try journal?(.itemSaved(old: old, new: new), s)
                moved.append((old, new))
            }
            return (items: moved, count: count)
        }
        for (old, new) in moved.items { notify(.itemSaved(old: old, new: new)) }
        return moved.count
    }
}
