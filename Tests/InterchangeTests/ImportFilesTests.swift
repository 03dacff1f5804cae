import ChecklistsKit
import Foundation
import Interchange
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ImportFilesTests {
    let dir = TemporaryDirectory()

    func write(_ text: String, _ name: String) throws -> String {
        let path = dir.appending(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    let todo = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VTODO\r
        UID:6a1f2d3c-0000-4000-8000-000000000001\r
        SUMMARY:Buy milk\r
        END:VTODO\r
        END:VCALENDAR\r

        """

    @Test func namesAMissingFile() {
        let path = dir.appending("absent.json")
        #expect(throws: ImportFileError.noSuchFile(path)) { try ImportFiles.content(at: path) }
    }

    @Test func readsAnICalendarFileAsAListNamedAfterIt() throws {
        let path = try write(todo, "Errands.ics")
        guard case .calendar(let batch) = try ImportFiles.content(at: path) else {
            Issue.record("not a calendar")
            return
        }
        #expect(batch.lists.map(\.name) == ["Errands"])
        #expect(batch.lists.first?.items.map(\.text) == ["Buy milk"])
    }

    @Test func readsAFolderOfCalendarsOneListPerFolder() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("vdir/home"), withIntermediateDirectories: true)
        _ = try write(todo, "vdir/home/a.ics")
        _ = try write("Home chores\n", "vdir/home/displayname")
        guard case .calendar(let batch) = try ImportFiles.content(at: dir.appending("vdir")) else {
            Issue.record("not a calendar")
            return
        }
        #expect(batch.lists.map(\.name) == ["Home chores"])
    }

    @Test func refusesAFolderWithoutCalendars() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("empty"), withIntermediateDirectories: true)
        let path = dir.appending("empty")
        #expect(throws: ImportFileError.noCalendars(path)) { try ImportFiles.content(at: path) }
    }

    @Test func sendsPropertyListsToTheIOSImport() throws {
        let path = try write("<?xml version=\"1.0\"?><plist/>", "x.plist")
        #expect(throws: ImportFileError.propertyList(path)) { try ImportFiles.content(at: path) }
    }

    @Test func refusesUnrecognisedContentNamingTheFile() throws {
        let path = try write("hello", "notes.txt")
        #expect(throws: ImportFileError.self) { try ImportFiles.content(at: path) }
        do { _ = try ImportFiles.content(at: path) } catch { #expect("\(error)".hasPrefix(path + ": ")) }
    }

    /// A text file given to `import` (not `import ios`) is not called "not a file of the iOS
    /// Checklists app".
    @Test func unrecognisedContentIsNeitherABackupNorACalendar() throws {
        for (text, name) in [("hello", "notes.txt"), ("", "empty.json")] {
            let path = try write(text, name)
            #expect(throws: ImportFileError.notBackupOrCalendar(path)) { try ImportFiles.content(at: path) }
            #expect(!"\(ImportFileError.notBackupOrCalendar(path))".contains("iOS"))
        }
    }

    @Test func findsNoIOSFilesInAFolderWithout() throws {
        _ = try write("hello", "readme.txt")
        #expect(throws: ImportFileError.noIOSFiles(dir.path)) { try ImportFiles.iOS([dir.path]) }
        let absent = dir.appending("absent")
        #expect(throws: ImportFileError.noSuchPath(absent)) { try ImportFiles.iOS([absent]) }
    }

    /// A to-do file whose SUMMARY is `summary`, folded at 75 octets.
    func todo(uid: String, summary: String) -> String {
        var line = Array("SUMMARY:\(summary)".utf8)
        var folded: [UInt8] = []
        while line.count > 75 {
            folded += line.prefix(75) + Array("\r\n ".utf8)
            line.removeFirst(75)
        }
        folded += line
        return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
            + String(decoding: folded, as: UTF8.self) + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    @Test func readsFilesLargerThanTheReadBufferAndAnyCaseOfTheExtension() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("vdir/home"), withIntermediateDirectories: true)
        let long = String(repeating: "0123456789", count: 10_000)  // 100 kB: past the 64 KiB buffer
        _ = try write(todo(uid: "a", summary: "First " + long), "vdir/home/a.ics")
        _ = try write(todo(uid: "b", summary: "Second"), "vdir/home/b.ICS")
        _ = try write(todo(uid: "c", summary: "Hidden"), "vdir/home/.c.ics")
        guard case .calendar(let batch) = try ImportFiles.content(at: dir.appending("vdir")) else {
            Issue.record("not a calendar")
            return
        }
        #expect(batch.lists.first?.items.map(\.text) == ["First " + long, "Second"])
    }

    @Test func refusesALinkOrAFIFOInAVdirNamingIt() throws {
        try FileManager.default.createDirectory(atPath: dir.appending("links/home"), withIntermediateDirectories: true)
        let target = try write(todo(uid: "a", summary: "Elsewhere"), "elsewhere.ics")
        _ = try write(todo(uid: "b", summary: "Here"), "links/home/b.ics")
        let link = dir.appending("links/home/a.ics")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        do {
            _ = try ImportFiles.content(at: dir.appending("links"))
            Issue.record("a link was followed")
        } catch {
            #expect("\(error)".contains(dir.appending("links/home/a.ics")))
        }
        try FileManager.default.createDirectory(atPath: dir.appending("fifo/home"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appending("fifo/home/a.ics"), 0o600) == 0)
        // Refused at once (never waits for a writer), naming the FIFO.
        do {
            _ = try ImportFiles.content(at: dir.appending("fifo"))
            Issue.record("a FIFO was read")
        } catch {
            #expect("\(error)".contains(dir.appending("fifo/home/a.ics")))
        }
    }
}
