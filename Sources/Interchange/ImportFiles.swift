import ChecklistsKit
import Foundation
import Localization
import PrivateFiles

#if canImport(Glibc)
    import Glibc
#endif

/// What `import` reads from the paths it is given: the iOS app's files, a JSON backup, an
/// iCalendar file or a folder of them. Everything is read and checked before anything is
/// added, so a set with a bad file in it imports nothing.
public enum ImportFiles {
    /// The largest file read (a 100,000-item archive is ~10 MB).
    public static let fileLimit = 256 << 20

    /// What one path given to `import` holds.
    public enum Content: Sendable {
        /// A JSON backup, and the secret message it carries (if any).
        case backup(ImportBatch, secret: String?)
        /// VTODOs of an iCalendar file or a vdir.
        case calendar(ImportBatch)
    }

    /// The iOS app's files at `paths` (files, or folders searched to depth 4).
    /// - Throws: `ImportFileError` for a missing path, an unreadable or invalid file, or when
    ///   none of the app's files is there.
    public static func iOS(_ paths: [String]) throws -> IOSImport {
        var found = IOSImport()
        for path in try IOSFiles.expand(paths) {
            let bytes = try read(path.path)
            do { try found.add(bytes: bytes) } catch {
                // Another property list in the folder, not one of the app's: skipped.
                if case InterchangeError.unrecognized = error, !path.given { continue }
                throw failure(path.path, error)
            }
        }
        guard !found.lists.isEmpty || !found.notes.isEmpty || found.preferences != nil else {
            throw ImportFileError.noIOSFiles(paths.joined(separator: " "))
        }
        return found
    }

    /// What the file or folder at `path` holds, its kind found from its content (a folder is
    /// a vdir).
    /// - Throws: `ImportFileError` for a missing, unreadable, invalid or unrecognised file.
    public static func content(at path: String) throws -> Content {
        // `-` is standard input, so that a backup written with `-o >(gpg -c > FILE)` comes back
        // with `gpg -d FILE | checklists import -` without its text on disk (a pipe's /dev/fd
        // path is a link, refused like any link).
        if path == "-" { return try content(of: try readStandardInput(), named: tr("standard input")) }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return .calendar(try calendarFolder(path)) }
        return try content(of: try read(path), named: path)
    }

    /// What the bytes of the file named `path` (in messages) hold.
    private static func content(of data: [UInt8], named path: String) throws -> Content {
        let head = data.prefix(64).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 10 || $0 == 13 }
        if head.first == UInt8(ascii: "{") {
            do {
                let backup = try Backup.decode(bytes: data)
                return .backup(backup.batch, secret: backup.secret)
            } catch { throw failure(path, error) }
        } else if head.starts(with: Array("BEGIN:VCALENDAR".utf8)) || path.lowercased().hasSuffix(".ics") {
            var calendar = ICalendarImport()
            let file = Data(data)
            let name = ICalendarImport.listName(file, fallback: fileStem(path))
            do { try calendar.add(file, list: name) } catch { throw failure(path, error) }
            return .calendar(calendar.batch)
        } else if head.starts(with: Array("bplist".utf8)) || head.starts(with: Array("<?xml".utf8)) {
            throw ImportFileError.propertyList(path)
        }
        throw ImportFileError.notBackupOrCalendar(path)
    }

    /// All of standard input, up to `fileLimit` bytes.
    /// - Throws: `ImportFileError.unreadable` when it cannot be read or is larger.
    static func readStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                throw ImportFileError.unreadable(tr("standard input: %@", String(cString: strerror(errno))))
            }
            guard n > 0 else { return bytes }
            guard bytes.count + n <= fileLimit else {
                throw ImportFileError.unreadable(
                    tr("standard input: %@", tr("larger than the limit of %d bytes", fileLimit)))
            }
            bytes += chunk[0..<n]
        }
    }

    /// A file's bytes (read once: a 100,000-item backup is 31 MB, and each copy costs).
    /// - Throws: `ImportFileError.noSuchFile` or `.unreadable`.
    static func read(_ path: String) throws -> [UInt8] {
        do {
            guard let bytes = try SecureFile.read(path, limit: fileLimit) else {
                throw ImportFileError.noSuchFile(path)
            }
            return bytes
        } catch let error as FileError {
            throw ImportFileError.unreadable(error.description)
        }
    }

    /// The error for a file that cannot be imported: its name and what is wrong.
    static func failure(_ path: String, _ error: any Error) -> ImportFileError {
        .invalid(path: path, reason: "\(error)")
    }

    /// A vdir: each folder with .ics files is a list (named by its `displayname` file, else the
    /// folder's name); .ics files directly in `path` make a list named after `path`.
    static func calendarFolder(_ path: String) throws -> ImportBatch {
        var calendar = ICalendarImport()
        let top = VdirReader.entries(path)
        var folders: [(String, String, Bool)] = [(path, fileStem(path), false)]
        var listings: [[VdirReader.Entry]] = [top]
        for entry in top where !entry.name.hasPrefix(".") {
            let full = path + "/" + entry.name
            var isFolder = entry.isFolder
            if !isFolder && !entry.isFile {
                // The file system did not say (d_type unknown): asked once more, without following links.
                var info = stat()
                isFolder = lstat(full, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            }
            guard isFolder else { continue }
            let display = (try? SecureFile.read(full + "/displayname", limit: 4096)).flatMap { $0 }
                .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            folders.append((full, display.flatMap { $0.isEmpty ? nil : $0 } ?? entry.name, display != nil))
            listings.append(VdirReader.entries(full))
        }
        var files: [VdirReader.File] = []
        for (index, listing) in listings.enumerated() {
            for entry in listing where VdirReader.isCalendar(entry.name) {
                files.append(VdirReader.File(folder: index, entry: entry, path: folders[index].0 + "/" + entry.name))
            }
        }
        var parsed = VdirReader.parse(files, folders: folders.map(\.0), timeZone: .current).makeIterator()
        var remaining = files.makeIterator()
        var pending = remaining.next()
        for (index, (folder, name, named)) in folders.enumerated() {
            // A collection with a displayname is a list even without to-dos (an empty list exported).
            if named { calendar.addList(name, icon: collectionIcon(folder)) }
            while let file = pending, file.folder == index {
                switch parsed.next() {
                case .success(let todos): calendar.add(todos, list: name)
                case .failure(let error as InterchangeError): throw failure(file.path, error)
                case .failure(let error): throw error
                case nil: throw failure(file.path, InterchangeError.unrecognized("not read"))
                }
                pending = remaining.next()
            }
        }
        guard !calendar.lists.isEmpty else { throw ImportFileError.noCalendars(path) }
        return calendar.batch
    }

    /// The icon a collection names in its `checklists-icon` file (written for lists with an icon).
    static func collectionIcon(_ folder: String) -> Icon? {
        (try? SecureFile.read(folder + "/" + ICalendarWriter.iconFile, limit: 256)).flatMap { $0 }.flatMap {
            Icon(rawValue: String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The last path component without its extension.
    static func fileStem(_ path: String) -> String {
        let last = URL(fileURLWithPath: path).lastPathComponent
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
