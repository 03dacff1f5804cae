import Foundation
import PrivateFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files of a vdir with the fewest system calls: each folder is listed once
/// (getdents64 through readdir, which also gives each entry's type) and opened once; each
/// regular file is opened relative to its folder and read with one `read` into a buffer its
/// thread reuses. Anything else (a link, a FIFO, a file larger than the buffer, an error) is
/// read the checked way, `ImportFiles.read`, so that it fails with the same message.
enum VdirReader {
    /// One entry of a folder: its name, and whether the folder says it is a regular file or a
    /// folder (`d_type`; file systems that do not say give neither).
    struct Entry {
        var name: String
        var isFile: Bool
        var isFolder: Bool
    }

    /// The entries of the folder at `path` (no "." or ".."), sorted by name; empty when it cannot
    /// be listed.
    static func entries(_ path: String) -> [Entry] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var found: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let type = entry.pointee.d_type
            found.append(Entry(name: name, isFile: type == UInt8(DT_REG), isFolder: type == UInt8(DT_DIR)))
        }
        return found.sorted { $0.name < $1.name }
    }

    /// Whether `name` ends in ".ics" (any case) and is not hidden.
    static func isCalendar(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        let tail = name.utf8.suffix(4)
        return tail.count == 4
            && zip(tail, ".ics".utf8).allSatisfy { a, b in a == b || (a >= 65 && a <= 90 && a + 32 == b) }
    }

    /// One file to read: its folder's index in the `folders` given to `parse`, its entry, and
    /// its full path (for errors and the checked read).
    struct File {
        var folder: Int
        var entry: Entry
        var path: String
    }

    /// Reads and parses `files` on every core, each result in its place. `folders` are opened
    /// once here and closed before returning.
    static func parse(_ files: [File], folders: [String], timeZone: TimeZone) -> [Result<
        ICalendarReader.Calendar, any Error
    >] {
        let descriptors = folders.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { for fd in descriptors where fd >= 0 { close(fd) } }
        let run = 64
        let chunks = parallelMap((files.count + run - 1) / run, run: 1) { chunk in
            // One buffer for the chunk's files (most .ics files are well under 64 KiB).
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
            defer { buffer.deallocate() }
            return (chunk * run..<min(files.count, chunk * run + run)).map { index in
                let file = files[index]
                return Result {
                    try read(file, in: descriptors[file.folder], buffer: buffer) { bytes throws(InterchangeError) in
                        try ICalendarReader.read(bytes: bytes, timeZone: timeZone)
                    }
                }
            }
        }
        return chunks.flatMap { $0 }
    }

    /// `body` over the bytes of `file`: read with openat and one read when the folder listed it
    /// as a regular file and it fits `buffer`, else through `ImportFiles.read`.
    static func read<T>(
        _ file: File, in folder: Int32, buffer: UnsafeMutableRawBufferPointer,
        _ body: (UnsafeBufferPointer<UInt8>) throws(InterchangeError) -> T
    ) throws -> T {
        if file.entry.isFile, folder >= 0 {
            // O_NONBLOCK: should a FIFO have taken the file's place since the listing, the open
            // and the read return at once (and the read gives nothing to parse) instead of hanging.
            let fd = SecureFile.retrying {
                openat(folder, file.entry.name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            }
            if fd >= 0 {
                let n = SecureFile.retrying { Glibc.read(fd, buffer.baseAddress, buffer.count) }
                close(fd)
                if n >= 0, n < buffer.count {
                    let bytes = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    return try body(UnsafeBufferPointer(start: bytes, count: n))
                }
            }
        }
        let data = try ImportFiles.read(file.path)
        return try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
    }
}
