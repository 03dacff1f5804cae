import ChecklistsKit
import Foundation
import Interchange

/// Import from files: what `import` and `import ios` (and a UI's "Import…") call with the
/// paths the user chose. Every file is read and checked before the store is unlocked, and
/// everything is added in one transaction.
extension AppSession {
    /// Imports the iOS app's files at `paths` (files, or folders searched for them).
    /// - Parameter progress: Called with (done, total) while the batch is added.
    /// - Throws: `ImportFileError` for a file that cannot be imported (nothing changes);
    ///   `AppSessionError.locked` / `LAError` when the store cannot be unlocked.
    public func importIOSFiles(_ paths: [String], dryRun: Bool, progress: ((Int, Int) -> Void)? = nil) throws
        -> ImportReport
    {
        let found = try ImportFiles.iOS(paths)
        var report = try importUnlocked(found.batch, dryRun: dryRun, progress: progress)
        report.iOSLockedWithTouchID = found.preferences?.touchID == true
        return report
    }

    /// Imports the JSON backup, iCalendar file or vdir at `path`. A backup's secret message
    /// replaces the one here, after the secret's own check (a refusal there changes nothing).
    /// - Parameter progress: Called with (done, total) while the batch is added.
    /// - Throws: `ImportFileError` for a file that cannot be imported (nothing changes);
    ///   `AppSessionError.locked` / `LAError` when the store or the secret cannot be unlocked.
    public func importFile(at path: String, dryRun: Bool, progress: ((Int, Int) -> Void)? = nil) throws
        -> ImportReport
    {
        switch try ImportFiles.content(at: path) {
        case .calendar(let batch):
            // A day without a time (DUE;VALUE=DATE) is due at the all-day hour, as one typed.
            let batch = batch.allDay(atHour: allDayHour, timeZone: try timeZone())
            return try importUnlocked(batch, dryRun: dryRun, progress: progress)
        case .backup(let batch, let secret):
            // The secret's check comes first: a refusal there leaves everything as it was.
            let message = try secret.map { _ in try self.secret() }
            var report = try importUnlocked(batch, dryRun: dryRun, progress: progress)
            if let secret, let message, !dryRun {
                try message.replace(with: secret)
                report.secretRestored = true
            }
            return report
        }
    }

    /// Unlocks (asking when the lock is on) and imports `batch`.
    private func importUnlocked(_ batch: ImportBatch, dryRun: Bool, progress: ((Int, Int) -> Void)?) throws
        -> ImportReport
    {
        _ = try store()
        return ImportReport(summary: try importBatch(batch, dryRun: dryRun, progress: progress), dryRun: dryRun)
    }
}
