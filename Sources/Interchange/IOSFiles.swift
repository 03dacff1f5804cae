import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files `import ios` reads: those given, and in a folder (to depth 4) Checklists.plist,
/// notesData and *.plist.
enum IOSFiles {
    struct Entry {
        let path: String
        /// Named on the command line (an unrecognised one is an error) or found in a folder.
        let given: Bool
    }

    /// The files at `paths`, in order, each folder's found files sorted by name.
    /// - Throws: `ImportFileError.noSuchPath` for a path that names nothing.
    static func expand(_ paths: [String]) throws -> [Entry] {
        var result: [Entry] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw ImportFileError.noSuchPath(path) }
            if info.st_mode & S_IFMT == S_IFDIR {
                result += walk(path, depth: 0)
            } else {
                result.append(Entry(path: path, given: true))
            }
        }
        return result
    }

    private static func walk(_ folder: String, depth: Int) -> [Entry] {
        guard depth <= 4, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [Entry] = []
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let full = folder + "/" + entry
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                result += walk(full, depth: depth + 1)
            } else if info.st_mode & S_IFMT == S_IFREG, entry == "notesData" || entry.hasSuffix(".plist") {
                // The app's own names must be its files; other property lists are tried and skipped.
                result.append(Entry(path: full, given: entry == "Checklists.plist" || entry == "notesData"))
            }
        }
        return result
    }
}
