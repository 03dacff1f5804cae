import Arguments
import ChecklistsKit
import Foundation
import Interchange
import Localization
import PrivateFiles

#if canImport(Glibc)
    import Glibc
#endif

/// `export --format json [-o FILE] [--include-secret]` and `export --format ics DIR`. Both need
/// the session unlocked when the app lock is on, write files 0600, and say they are unencrypted.
enum ExportCommands {
    static let all: [Command] = [
        Command(path: ["export"]) { context in
            switch context.arguments["--format"] {
            case "json": try exportJSON(&context)
            case "ics": try exportCalendar(&context)
            case nil: throw CLIError.usage(tr("give --format json or --format ics"))
            case let other?: throw CLIError.usage(tr("unknown format \"%@\": give json or ics", other))
            }
        }
    ]

    static func exportJSON(_ context: inout Context) throws {
        try context.expectPositionals(atMost: 0)
        _ = try context.store()
        let snapshot = try context.session.snapshot()
        let secret = context.arguments.has("--include-secret") ? try context.session.secret().text : nil
        let data = try Backup.encode(snapshot, secret: secret)
        guard let path = context.arguments["--output"], path != "-" else {
            // Exact bytes: the line writer's escaping would alter bidi marks and C1 controls in texts.
            context.output.flush()
            try writeAll(1, Array(data), path: tr("standard output"))
            warn(context, path: nil)
            return
        }
        do { try SecureFile.writeAtomically(Array(data), to: path) } catch let error as FileError {
            throw CLIError(message: tr("cannot write the backup: %@", error.description), code: .storage)
        }
        if !context.arguments.has("--quiet") {
            context.output.line(
                tr(
                    "Wrote %@: %@, %@ and %@.", path, trn("%d list", "%d lists", snapshot.lists.count),
                    trn("%d item", "%d items", snapshot.items.count), trn("%d note", "%d notes", snapshot.notes.count)))
        }
        warn(context, path: path)
    }

    static func exportCalendar(_ context: inout Context) throws {
        if context.arguments["--output"] != nil || context.arguments.has("--include-secret") {
            throw CLIError.usage(
                tr("--format ics takes a folder (export --format ics DIR), without -o or --include-secret"))
        }
        try context.expectPositionals(atMost: 1)
        let folder = try context.positional(0, "DIR")
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: folder), !existing.isEmpty {
            throw CLIError.usage(tr("%@ is not empty: export into a new folder", folder))
        }
        _ = try context.store()
        let snapshot = try context.session.snapshot()
        let files = ICalendarWriter.vdir(snapshot)
        let bar = ProgressBar(enabled: !context.arguments.has("--quiet") && !context.json, label: tr("Exporting"))
        var staging: String?
        do {
            // Written into a hidden folder beside DIR and then renamed to DIR (an interrupted export
            // never looks finished), the folder's entry synced; the files' data is left to the
            // kernel's writeback, as vdirsyncer-like tools do: flushing 100,000 files (400 MB of
            // blocks) took over ten seconds, and the export is a copy of what the store keeps.
            let target = trimmedFolder(folder)
            let parent = SecureFile.directory(of: target.hasPrefix("/") ? target : "./" + target)
            try SecureFile.makeDirectory(parent)
            let temporary = try makeStaging(in: parent, for: target)
            staging = temporary
            // Each list's folder is opened once and its files made relative to it (openat): the
            // kernel does not walk the whole path again for each of 100,000 files.
            var folders: [String: Int32] = [:]
            defer { for fd in folders.values { close(fd) } }
            for (n, file) in files.enumerated() {
                let directory = SecureFile.directory(of: file.path)
                let name =
                    file.path.lastIndex(of: "/").map { String(file.path[file.path.index(after: $0)...]) } ?? file.path
                var fd = folders[directory] ?? -1
                if fd < 0 {
                    let full = temporary + "/" + directory
                    try SecureFile.makeDirectory(full)
                    fd = open(full, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard fd >= 0 else { throw FileError(path: full, errno: errno) }
                    folders[directory] = fd
                }
                try writeNew(fd, name, path: temporary + "/" + file.path, file.contents)
                if n % 1000 == 0 { bar.show(n, files.count) }
            }
            bar.finish()
            guard rename(temporary, target) == 0 else { throw FileError(path: target, errno: errno) }
            staging = nil
            SecureFile.syncDirectory(of: target)
        } catch let error as FileError {
            bar.finish()
            if let staging { try? FileManager.default.removeItem(atPath: staging) }
            throw CLIError(message: tr("cannot write the export: %@", error.description), code: .storage)
        }
        if !context.arguments.has("--quiet") {
            context.output.line(
                tr(
                    "Wrote %@ to %@ (one folder per list).", trn("%d to-do", "%d to-dos", snapshot.items.count), folder)
            )
        }
        warn(context, path: folder)
    }

    /// Says that what was written is not encrypted (on standard error, so that it never mixes
    /// with a backup written to standard output).
    static func warn(_ context: Context, path: String?) {
        guard !context.arguments.has("--quiet") else { return }
        Output.error(
            path.map { tr("checklists: %@ is not encrypted: anyone who can read it can read your lists.", $0) }
                ?? tr("checklists: this backup is not encrypted: anyone who can read it can read your lists."))
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
                let n = SecureFile.retrying { write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
                guard n > 0 else { throw FileError(path: path, errno: errno) }
                offset += n
            }
        }
    }

    /// Writes all of `bytes` to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = SecureFile.retrying {
                bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            }
            guard n > 0 else { throw FileError(path: path, errno: errno) }
            offset += n
        }
    }
}
