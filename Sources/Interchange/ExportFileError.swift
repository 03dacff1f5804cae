import Localization

/// Why an export wrote nothing.
public enum ExportFileError: Error, Sendable, Equatable {
    /// The folder for a vdir exists and holds something.
    case folderNotEmpty(String)
    /// The folder for a vdir is a file (or something else that is not a folder).
    case notAFolder(String)
    /// The file for a backup exists and replacing it was not asked for.
    case fileExists(String)
    /// The file named for a backup is a folder (a backup never replaces one).
    case isAFolder(String)
    /// The vdir could not be written (the file error's description, which names the file).
    case cannotWriteExport(String)
    /// The backup could not be written (the file error's description).
    case cannotWriteBackup(String)

    /// True when the request was at fault (a usage error), not the file system.
    public var isUsage: Bool {
        switch self {
        case .folderNotEmpty, .notAFolder, .fileExists, .isAFolder: true
        case .cannotWriteExport, .cannotWriteBackup: false
        }
    }
}

extension ExportFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .folderNotEmpty(let folder): tr("%@ is not empty: export into a new folder", folder)
        case .notAFolder(let path): tr("%@ exists and is not a folder: export into a new folder", path)
        case .fileExists(let path): tr("%@ already exists; nothing was written", path)
        case .isAFolder(let path):
            tr("%1$@ is a folder; give the backup a file name, such as %1$@/checklists-backup.json", path)
        case .cannotWriteExport(let reason): tr("cannot write the export: %@", reason)
        case .cannotWriteBackup(let reason): tr("cannot write the backup: %@", reason)
        }
    }
}
