import ChecklistsKit
import Foundation
import PrivateFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a vdir (`ICalendarWriter.vdir`) into a new folder: files 0600, folders 0700, all
/// written into a hidden staging folder beside the target and then renamed to it, so that an
/// interrupted export never looks finished.
public enum VdirExport {
    /// Refuses a folder that exists and is not empty (an export never mixes with other files).
    /// - Throws: `ExportFileError.folderNotEmpty`.
    public static func checkTarget(_ folder: String) throws {
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw ExportFileError.folderNotEmpty(folder)
        }
    }

    /// Writes `files` (paths relative to `folder`) into the new folder `folder`.
    /// - Parameter progress: Called with (written, total) every 1,000 files.
    /// - Throws: `ExportFileError.cannotWriteExport`; nothing is left behind then, nor when
    ///   `TerminationGuard` is told to stop.
    public static func write(_ files: [ICalendarWriter.File], to folder: String, progress: (Int, Int) -> Void) throws {
        var staging: String?
        do {
            // The folder's entry is synced; the files' data is left to the kernel's writeback, as
            // vdirsyncer-like tools do: flushing 100,000 files (400 MB of blocks) took over ten
            // seconds, and the export is a copy of what the store keeps.
            var target = trimmedFolder(folder)
            // A link of the user's to an empty folder: the export becomes that folder (renamed
            // onto the link itself, it failed with "Not a directory" after every file was written).
            // One planted by another user (in /tmp) is refused by the caller.
            var info = stat()
            if lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, info.st_uid == geteuid(),
                let resolved = realpath(target, nil)
            {
                target = String(cString: resolved)
                free(resolved)
            }
            let parent = SecureFile.directory(of: target.hasPrefix("/") ? target : "./" + target)
            try SecureFile.makeDirectory(parent)
            let temporary = try makeStaging(in: parent, for: target)
            staging = temporary
            // Each list's folder is opened once and its files made relative to it (openat): the
            // kernel does not walk the whole path again for each of 100,000 files.
            var folders: [String: Int32] = [:]
            defer { for fd in folders.values { close(fd) } }
            for (n, file) in files.enumerated() {
                // Told to stop (`TerminationGuard`): the staging folder goes, as after a failed write.
                if TerminationGuard.isRequested { throw FileError(path: target, errno: EINTR) }
                let (directory, name) = split(file.path)
                var fd = folders[directory] ?? -1
                if fd < 0 {
                    let full = temporary + "/" + directory
                    try SecureFile.makeDirectory(full)
                    fd = open(full, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard fd >= 0 else { throw FileError(path: full, errno: errno) }
                    folders[directory] = fd
                }
                try writeNew(fd, name, path: temporary + "/" + file.path, file.contents)
                if n % 1000 == 0 { progress(n, files.count) }
            }
            guard rename(temporary, target) == 0 else { throw FileError(path: target, errno: errno) }
            staging = nil
            SecureFile.syncDirectory(of: target)
        } catch let error as FileError {
            if let staging { try? FileManager.default.removeItem(atPath: staging) }
            throw ExportFileError.cannotWriteExport(error.description)
        }
    }

    /// A relative path's folder ("." for none) and last component, found in its UTF-8 bytes
    /// (Characters cost a second at 100,000 files).
    static func split(_ path: String) -> (String, String) {
        guard let slash = path.utf8.lastIndex(of: 47) else { return (".", path) }
        let folder = slash == path.utf8.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.utf8.index(after: slash)...]))
    }

    /// `path` without trailing slashes.
    static func trimmedFolder(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// A new 0700 folder ".NAME.partial-XXXXXX" in `parent` for the export to `target`.
    static func makeStaging(in parent: String, for target: String) throws -> String {
        let name = target.split(separator: "/").last.map(String.init) ?? "export"
        var template = Array((parent + "/." + name + ".partial-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) != nil else {
            throw FileError(path: parent, errno: errno)
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a new 0600 file `name` in the folder `folder` (never following a link or replacing
    /// a file); synced once at the end. `path` names it in errors.
    static func writeNew(_ folder: Int32, _ name: String, path: String, _ contents: Data) throws {
        let fd = SecureFile.retrying {
            openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        defer { close(fd) }
        try contents.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = SecureFile.retrying { Glibc.write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
                guard n > 0 else { throw FileError(path: path, errno: errno) }
                offset += n
            }
        }
    }
}
