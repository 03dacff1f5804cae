import ChecklistsKit
import Foundation
import Interchange
import PrivateFiles

/// Export to files: the JSON backup and the iCalendar vdir. Both need the session unlocked
/// when the app lock is on, and write files 0600 (the front end says they are unencrypted).
extension AppSession {
    /// The JSON backup of everything (docs/BACKUP.md), with the secret message when asked,
    /// and the snapshot it was made from (for counts).
    /// - Throws: `AppSessionError.locked` / `LAError` when the store or the secret cannot be
    ///   unlocked.
    public func backup(includingSecret: Bool) throws -> (data: Data, snapshot: StoreSnapshot) {
        _ = try store()
        let snapshot = try snapshot()
        let secret = includingSecret ? try self.secret().text : nil
        return (try Backup.encode(snapshot, secret: secret), snapshot)
    }

    /// Writes the JSON backup to the file `path` (0600, replaced atomically).
    /// - Returns: The snapshot it was made from.
    /// - Throws: As `backup(includingSecret:)`; `ExportFileError.cannotWriteBackup`.
    public func exportBackup(to path: String, includingSecret: Bool) throws -> StoreSnapshot {
        let (data, snapshot) = try backup(includingSecret: includingSecret)
        do { try SecureFile.writeAtomically(Array(data), to: path) } catch let error as FileError {
            throw ExportFileError.cannotWriteBackup(error.description)
        }
        return snapshot
    }

    /// Writes every item as an iCalendar to-do into the new folder `folder` (one folder per list).
    /// - Parameter progress: Called with (written, total) as files are written.
    /// - Returns: The snapshot it was made from.
    /// - Throws: `ExportFileError.folderNotEmpty` before anything is unlocked;
    ///   `AppSessionError.locked` / `LAError`; `ExportFileError.cannotWriteExport`.
    public func exportCalendar(to folder: String, progress: (Int, Int) -> Void) throws -> StoreSnapshot {
        try VdirExport.checkTarget(folder)
        _ = try store()
        let snapshot = try snapshot()
        try VdirExport.write(ICalendarWriter.vdir(snapshot), to: folder, progress: progress)
        return snapshot
    }
}
