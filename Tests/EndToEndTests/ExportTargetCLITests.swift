import Foundation
import PrivateFiles
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `export` does to the path the user names: a file already there is kept unless `--force`
/// says to replace it, a replacement is all or nothing, and a link planted where the temp file
/// would go is never written through.
@Suite struct ExportTargetCLITests {
    let dir = TemporaryDirectory()

    var cli: CLIRunner {
        CLIRunner(
            home: dir.appending("home"),
            environment: [
                "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            ])
    }

    func contents(_ path: String) -> String? {
        (try? SecureFile.read(path)).flatMap { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    @Test func anExistingFileIsKeptUnlessForceIsGiven() throws {
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        let target = dir.appending("notes.txt")
        try SecureFile.writeAtomically(Array("my only copy".utf8), to: target)
        let refused = try cli.run("export", "--format", "json", "-o", target)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("already exists; give --force to replace it"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(contents(target) == "my only copy")

        let forced = try cli.run("export", "--format", "json", "-o", target, "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(contents(target)?.contains("\"Groceries\"") == true)
        // Nothing left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") } == [])
    }

    @Test func aLinkAtTheTargetIsNotFollowedOrReplacedWithoutForce() throws {
        let victim = dir.appending("victim.txt")
        try SecureFile.writeAtomically(Array("keep".utf8), to: victim)
        let link = dir.appending("backup.json")
        #expect(symlink(victim, link) == 0)
        let dangling = dir.appending("dangling.json")
        #expect(symlink(dir.appending("nowhere"), dangling) == 0)
        #expect(try cli.run("export", "--format", "json", "-o", link).status == 2)
        #expect(try cli.run("export", "--format", "json", "-o", dangling).status == 2)
        #expect(contents(victim) == "keep")
        #expect(!SecureFile.exists(dir.appending("nowhere")))
        // --force replaces the link itself, never the file it points to.
        #expect(try cli.run("export", "--format", "json", "-o", link, "--force").status == 0)
        #expect(contents(victim) == "keep")
        #expect(contents(link)?.contains("checklists-backup") == true)
    }

    @Test func aFailedReplacementLeavesTheOldFile() throws {
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        #expect(
            try cli.run("item", "add", "Groceries", "-", stdin: String(repeating: "milk ", count: 40_000)).status == 0)
        let target = dir.appending("backup.json")
        try SecureFile.writeAtomically(Array("yesterday's backup".utf8), to: target)
        // A file size limit of 128 KiB (and SIGXFSZ ignored): the write fails part way, as on a full disk.
        let result = try CLIRunner.execute(
            "/bin/sh",
            ["-c", "trap '' XFSZ; ulimit -f 256; exec \"$@\"", "sh", CLIRunner.binary]
                + ["export", "--format", "json", "-o", target, "--force"], environment: cli.environment)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot write the backup: \(target):"), "\(result.stderr)")
        #expect(contents(target) == "yesterday's backup")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") } == [])
    }

    /// A FIFO (a shell's `>(gpg -c …)`, say) is written into, not replaced by a file.
    @Test func aFIFOIsWrittenIntoAndKept() throws {
        #expect(try cli.run("list", "add", "Groceries").status == 0)
        let fifo = dir.appending("pipe")
        let out = dir.appending("read.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, out]
        try reader.run()
        let result = try cli.run("export", "--format", "json", "-o", fifo, "--quiet")
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(contents(out)?.contains("\"Groceries\"") == true)
    }

    /// A folder is refused as a usage mistake, with or without --force, and never replaced (it
    /// said "already exists; give --force to replace it", and with --force "not a regular file").
    @Test func aFolderIsRefusedWithAFileNameToGive() throws {
        let folder = dir.appending("folder")
        try SecureFile.makeDirectory(folder)
        for (path, force) in [(folder, false), (folder, true), (folder + "/", false), (folder + "/", true)] {
            let result = try cli.run(
                arguments: ["export", "--format", "json", "-o", path] + (force ? ["--force"] : []))
            #expect(result.status == 2, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "checklists: \(folder) is a folder; give the backup a file name, such as \(folder)/checklists-backup.json"
                ), "\(result.stderr)")
            var info = stat()
            #expect(lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
        }
    }

    @Test func calendarExportIntoAFileOrWithForceIsAUsageError() throws {
        let file = dir.appending("file.txt")
        try SecureFile.writeAtomically(Array("mine".utf8), to: file)
        let intoFile = try cli.run("export", "--format", "ics", file)
        #expect(intoFile.status == 2)
        #expect(intoFile.stderr.contains("exists and is not a folder"), "\(intoFile.stderr)")
        #expect(contents(file) == "mine")
        let forced = try cli.run("export", "--format", "ics", dir.appending("new"), "--force")
        #expect(forced.status == 2)
        #expect(!SecureFile.exists(dir.appending("new")))
    }

    /// A link to an empty folder is a folder to export into: the export fills the folder it
    /// names and the link stays (it wrote every file, then failed with "Not a directory", exit
    /// 3); a link to nothing, or one another user made, is not a new folder (a usage error
    /// before anything is written).
    @Test func aCalendarExportThroughALinkFillsTheFolderItNames() throws {
        #expect(try cli.run("item", "add", "List", "Milk").status == 0)
        let folder = dir.appending("empty")
        try SecureFile.makeDirectory(folder)
        let link = dir.appending("link")
        #expect(symlink(folder, link) == 0)
        let result = try cli.run("export", "--format", "ics", link)
        #expect(result.status == 0, "\(result.stderr)")
        let lists = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(lists.count == 1)
        let todos = try FileManager.default.contentsOfDirectory(atPath: folder + "/" + (lists.first ?? ""))
        #expect(todos.filter { $0.hasSuffix(".ics") }.count == 1)
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)

        let dangling = dir.appending("dangling")
        #expect(symlink(dir.appending("nowhere"), dangling) == 0)
        let refused = try cli.run("export", "--format", "ics", dangling)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("exists and is not a folder"), "\(refused.stderr)")
        #expect(!SecureFile.exists(dir.appending("nowhere")))

        // A link another user made (as one planted in /tmp) is not followed.
        guard getuid() == 0 else { return }
        let other = dir.appending("other-empty")
        try SecureFile.makeDirectory(other)
        let planted = dir.appending("planted")
        #expect(symlink(other, planted) == 0 && lchown(planted, 65534, 65534) == 0)
        let foreign = try cli.run("export", "--format", "ics", planted)
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("exists and is not a folder"), "\(foreign.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: other).isEmpty)
    }
}
