import ChecklistsKit
import Foundation

/// Import and export: what the CLI's `import` and `export` (and any other front end) call.
extension AppSession {
    /// Adds a batch (an iOS archive, a backup, VTODOs) in one transaction; see
    /// `ChecklistStore.importBatch`. Imported reminders due in the future are scheduled.
    /// - Throws: `AppSessionError.locked` while locked; `ChecklistsError` / `StoreError`.
    public func importBatch(_ batch: ImportBatch, dryRun: Bool = false, progress: ((Int, Int) -> Void)? = nil)
        throws -> ImportSummary
    {
        try withStore { try $0.importBatch(batch, dryRun: dryRun, progress: progress) }
    }

    /// Everything the store holds, read at one moment, for a backup or an export.
    /// - Throws: `AppSessionError.locked` while locked.
    public func snapshot() throws -> StoreSnapshot {
        try withStore { try $0.snapshot() }
    }
}
