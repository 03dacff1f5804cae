import Arguments
import ChecklistsKit
import Foundation
import Interchange
import Localization
import PrivateFiles

/// `import ios PATH…` and `import FILE.json|FILE.ics|DIR`: everything read and checked first,
/// then added in one transaction; nothing is imported from a set with a bad file in it.
enum ImportCommands {
    /// The largest file read (a 100,000-item archive is ~10 MB).
    static let fileLimit = 256 << 20

    static let all: [Command] = [
        Command(path: ["import", "ios"]) { context in
            guard !context.positionals.isEmpty else { throw CLIError.usage(tr("missing PATH")) }
            var found = IOSImport()
            for path in try IOSFiles.expand(context.positionals) {
                let data = try read(path.path)
                do { try found.add(data) } catch {
                    // Another property list in the folder, not one of the app's: skipped.
                    if case InterchangeError.unrecognized = error, !path.given { continue }
                    throw failure(path.path, error)
                }
            }
            guard !found.lists.isEmpty || !found.notes.isEmpty || found.preferences != nil else {
                throw CLIError.usage(
                    tr("No file of the iOS app was found in %@.", context.positionals.joined(separator: " ")))
            }
            try run(found.batch, &context)
            if found.preferences?.touchID == true, !context.arguments.has("--quiet"), !context.json {
                context.output.line(
                    tr(
                        "The iOS app was locked with Touch ID. To lock Checklists too: checklists lock enable --method fingerprint"
                    ))
            }
        },
        Command(path: ["import"]) { context in
            try context.expectPositionals(atMost: 1)
            let path = try context.positional(0, "FILE or DIR")
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                try run(try calendarFolder(path), &context)
                return
            }
            let data = try read(path)
            let head = data.prefix(64).drop {
                $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 10 || $0 == 13
            }
            if head.first == UInt8(ascii: "{") {
                let backup: (batch: ImportBatch, secret: String?)
                do { backup = try Backup.decode(data) } catch { throw failure(path, error) }
                // The secret's check comes first: a refusal there leaves everything as it was.
                let message = try backup.secret.map { _ in try context.session.secret() }
                try run(backup.batch, &context)
                if let secret = backup.secret, let message, !context.arguments.has("--dry-run") {
                    try message.replace(with: secret)
                    if !context.arguments.has("--quiet"), !context.json {
                        context.output.line(tr("The secret message was restored."))
                    }
                }
            } else if head.starts(with: Array("BEGIN:VCALENDAR".utf8)) || path.lowercased().hasSuffix(".ics") {
                var calendar = ICalendarImport()
                let name = ICalendarImport.listName(data, fallback: fileStem(path))
                do { try calendar.add(data, list: name) } catch { throw failure(path, error) }
                try run(calendar.batch, &context)
            } else if head.starts(with: Array("bplist".utf8)) || head.starts(with: Array("<?xml".utf8)) {
                throw CLIError.usage(
                    tr("%@ is a property list: import the iOS app's files with 'checklists import ios %@'.", path, path)
                )
            } else {
                throw failure(path, InterchangeError.unrecognized("neither a JSON backup nor an iCalendar file"))
            }
        },
    ]

    /// Imports `batch`, with a progress bar on a terminal, and says what changed.
    static func run(_ batch: ImportBatch, _ context: inout Context) throws {
        let quiet = context.arguments.has("--quiet")
        let dryRun = context.arguments.has("--dry-run")
        _ = try context.store()
        let bar = ProgressBar(enabled: !quiet && !context.json, label: tr("Importing"))
        let summary = try context.session.importBatch(batch, dryRun: dryRun) { done, total in bar.show(done, total) }
        bar.finish()
        if context.json {
            try context.output.json(ImportSummaryJSON(summary, dryRun: dryRun))
            return
        }
        if quiet { return }
        let added = [
            trn("%d list", "%d lists", summary.listsAdded), trn("%d item", "%d items", summary.itemsAdded),
            trn("%d note", "%d notes", summary.notesAdded),
        ]
        context.output.line(
            dryRun
                ? tr("Would import %@, %@ and %@ (dry run: nothing was changed).", added[0], added[1], added[2])
                : tr("Imported %@, %@ and %@.", added[0], added[1], added[2]))
        if summary.itemsSkipped + summary.notesSkipped > 0 {
            context.output.line(
                tr(
                    "Already here, skipped: %@ and %@.", trn("%d item", "%d items", summary.itemsSkipped),
                    trn("%d note", "%d notes", summary.notesSkipped)))
        }
        if summary.remindersScheduled > 0 && !dryRun {
            context.output.line(
                trn("%d reminder scheduled.", "%d reminders scheduled.", summary.remindersScheduled))
        }
    }

    /// A file's bytes, or a one-line error naming it.
    static func read(_ path: String) throws -> Data {
        do {
            guard let bytes = try SecureFile.read(path, limit: fileLimit) else {
                throw CLIError.usage(tr("%@: no such file", path))
            }
            return Data(bytes)
        } catch let error as FileError {
            throw CLIError.usage(tr("cannot read %@; nothing was imported.", error.description))
        }
    }

    /// The error for a file that cannot be imported: its name, what is wrong, and that nothing changed.
    static func failure(_ path: String, _ error: any Error) -> CLIError {
        CLIError.usage(tr("%@: %@; nothing was imported.", path, "\(error)"))
    }

    /// A vdir: each folder with .ics files is a list (named by its `displayname` file, else the
    /// folder's name); .ics files directly in `path` make a list named after `path`.
    static func calendarFolder(_ path: String) throws -> ImportBatch {
        var calendar = ICalendarImport()
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(atPath: path).sorted()) ?? []
        var folders: [(String, String, Bool)] = [(path, fileStem(path), false)]
        for entry in top where !entry.hasPrefix(".") {
            var info = stat()
            let full = path + "/" + entry
            if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                let display = (try? SecureFile.read(full + "/displayname", limit: 4096)).flatMap { $0 }
                    .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
                folders.append((full, display.flatMap { $0.isEmpty ? nil : $0 } ?? entry, display != nil))
            }
        }
        for (folder, name, named) in folders {
            let files = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.lowercased().hasSuffix(".ics") && !$0.hasPrefix(".")
            }.sorted()
            // A collection with a displayname is a list even without to-dos (an empty list exported).
            if named { calendar.addList(name, icon: collectionIcon(folder)) }
            for file in files {
                let full = folder + "/" + file
                do { try calendar.add(try read(full), list: name) } catch let error as InterchangeError {
                    throw failure(full, error)
                }
            }
        }
        guard !calendar.lists.isEmpty else {
            throw CLIError.usage(tr("%@ holds no .ics files; nothing was imported.", path))
        }
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

/// The files `import ios` reads: those given, and in a folder (to depth 4) Checklists.plist,
/// notesData and *.plist.
enum IOSFiles {
    struct Entry {
        let path: String
        /// Named on the command line (an unrecognised one is an error) or found in a folder.
        let given: Bool
    }

    static func expand(_ paths: [String]) throws -> [Entry] {
        var result: [Entry] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else { throw CLIError.usage(tr("%@: no such file or folder", path)) }
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

/// `import --json`: what changed (or would).
struct ImportSummaryJSON: Encodable {
    let dryRun: Bool
    let listsAdded: Int
    let listsMatched: Int
    let itemsAdded: Int
    let itemsSkipped: Int
    let notesAdded: Int
    let notesSkipped: Int
    let remindersScheduled: Int

    init(_ s: ImportSummary, dryRun: Bool) {
        self.dryRun = dryRun
        listsAdded = s.listsAdded
        listsMatched = s.listsMatched
        itemsAdded = s.itemsAdded
        itemsSkipped = s.itemsSkipped
        notesAdded = s.notesAdded
        notesSkipped = s.notesSkipped
        remindersScheduled = s.remindersScheduled
    }
}
