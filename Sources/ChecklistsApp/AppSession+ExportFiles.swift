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

    /// Writes the JSON backup to the file `path` (0600, written in full beside it and then
    /// renamed into place, so that a failed export leaves whatever was there untouched), or into
    /// it when it is a FIFO or a character device (`>(gpg -c …)`, /dev/null), never replaced.
    /// - Parameter replacing: Replace a file already at `path`; otherwise one there (or one that
    ///   appears while the backup is made) is left as it was and nothing is written.
    /// - Returns: The snapshot it was made from.
    /// - Throws: `ExportFileError.isAFolder` or `.fileExists` before anything is unlocked; as
    ///   `backup(includingSecret:)`; `ExportFileError.cannotWriteBackup`.
    public func exportBackup(to path: String, includingSecret: Bool, replacing: Bool = false) throws -> StoreSnapshot {
        var info = stat()
        let stream = SecureFile.isStream(path)
        // `-o ~/Backups` means a file in it to many: say so (it said "already exists; give --force
        // to replace it", and with --force "not a regular file (a directory)").
        if !stream && stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
            var folder = Substring(path)
            while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
            throw ExportFileError.isAFolder(String(folder))
        }
        if !replacing && !stream && lstat(path, &info) == 0 { throw ExportFileError.fileExists(path) }
        let (data, snapshot) = try backup(includingSecret: includingSecret)
        do {
            if stream {
                try SecureFile.writeStream(Array(data), to: path)
            } else {
                // A link is replaced itself; a folder, block device or socket never is.
                if lstat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFLNK { try SecureFile.requireRegular(path) }
                // Ctrl-C, a closed terminal or a `kill` while it is written removes the
                // unencrypted temporary file before the process ends (it stayed beside FILE).
                try TerminationGuard.run {
                    try SecureFile.writeAtomically(Array(data), to: path, exclusive: !replacing)
                }
            }
        } catch let error as FileError {
            if error.errno == EEXIST && !replacing { throw ExportFileError.fileExists(path) }
            throw ExportFileError.cannotWriteBackup(error.description)
        }
        return snapshot
    }

    /// Writes every item as an iCalendar to-do into the new folder `folder` (one folder per list).
    /// - Parameter progress: Called with (written, total) as files are written.
    /// - Returns: The snapshot it was made from.
    /// - Throws: `ExportFileError.folderNotEmpty` or `.notAFolder` before anything is unlocked;
    ///   `AppSessionError.locked` / `LAError`; `ExportFileError.cannotWriteExport`.
    public func exportCalendar(to folder: String, progress: (Int, Int) -> Void) throws -> StoreSnapshot {
        var info = stat()
        // stat, not lstat: a link to an empty folder is a folder to export into.
        if stat(folder, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR { throw ExportFileError.notAFolder(folder) }
        // A link to nothing is not a new folder either (the export ended on "Not a directory"),
        // nor is a link another user made (one planted in /tmp would choose where it goes).
        var link = stat()
        if lstat(folder, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
            stat(folder, &info) != 0 || link.st_uid != geteuid()
        {
            throw ExportFileError.notAFolder(folder)
        }
        try VdirExport.checkTarget(folder)
        _ = try store()
        let snapshot = try snapshot()
        let files = ICalendarWriter.vdir(snapshot, timeZone: try timeZone())
        // Ctrl-C, a closed terminal or a `kill` while the files are written removes the staging
        // folder of unencrypted to-dos before the process ends (it stayed, hidden, beside DIR).
        try TerminationGuard.run { try VdirExport.write(files, to: folder, progress: progress) }
        return snapshot
    }
}
