import Foundation
import TestSupport
import Testing

@testable import Interchange

@Suite struct VdirExportTests {
    let dir = TemporaryDirectory()

    let files = [
        ICalendarWriter.File(path: "groceries/a.ics", contents: Data("BEGIN:VCALENDAR\r\n".utf8)),
        ICalendarWriter.File(path: "groceries/displayname", contents: Data("Groceries".utf8)),
        ICalendarWriter.File(path: "trips/b.ics", contents: Data("BEGIN:VCALENDAR\r\n".utf8)),
    ]

    @Test func writesPrivateFilesIntoTheNewFolderAndNothingElse() throws {
        let target = dir.appending("out")
        try VdirExport.write(files, to: target + "/") { _, _ in }
        let manager = FileManager.default
        #expect(try manager.contentsOfDirectory(atPath: target).sorted() == ["groceries", "trips"])
        #expect(try manager.contentsOfDirectory(atPath: dir.path) == ["out"])  // no staging folder left
        let attributes = try manager.attributesOfItem(atPath: target + "/trips/b.ics")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(manager.contents(atPath: target + "/groceries/displayname") == Data("Groceries".utf8))
    }

    @Test func refusesAFolderThatHoldsSomething() throws {
        let target = dir.appending("full")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        #expect(throws: Never.self) { try VdirExport.checkTarget(target) }
        try Data().write(to: URL(fileURLWithPath: target + "/x"))
        #expect(throws: ExportFileError.folderNotEmpty(target)) { try VdirExport.checkTarget(target) }
        #expect(ExportFileError.folderNotEmpty(target).isUsage)
    }

    @Test func leavesNothingBehindWhenItCannotWrite() throws {
        let duplicate = files + [files[0]]
        let target = dir.appending("dup")
        #expect(throws: ExportFileError.self) { try VdirExport.write(duplicate, to: target) { _, _ in } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
