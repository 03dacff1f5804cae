import ChecklistsApp
import ChecklistsKit
import Foundation
import Interchange
import LocalAuthentication
import TestSupport
import Testing

/// Import from and export to files through the session (what `import` and `export` call).
@Suite struct AppSessionFilesTests {
    let dir = TemporaryDirectory()

    func session(_ name: String) -> AppSession {
        fileVaultSession(home: dir.appending(name), runtime: dir.appending("run"), cache: ExpiringKeyCache())
    }

    func filled(_ name: String) throws -> AppSession {
        let session = session(name)
        #expect(try session.open())
        let batch = ImportBatch(lists: [
            ImportBatch.List(name: "Trips", icon: .trips, items: [.init(id: 40, text: "Passport")])
        ])
        _ = try session.importBatch(batch)
        return session
    }

    @Test func backupWrittenThenImportedRestoresTheItems() throws {
        let source = try filled("a")
        let path = dir.appending("backup.json")
        let snapshot = try source.exportBackup(to: path, includingSecret: false)
        #expect(snapshot.items.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let target = session("b")
        #expect(try target.open())
        let report = try target.importFile(at: path, dryRun: false)
        #expect(report.summary.itemsAdded == 1 && !report.secretRestored && !report.dryRun)
        #expect(try target.snapshot().items.map(\.text) == ["Passport"])
    }

    @Test func calendarExportedThenImportedSkipsWhatIsThere() throws {
        let session = try filled("c")
        let folder = dir.appending("vdir")
        #expect(try session.exportCalendar(to: folder) { _, _ in }.items.count == 1)
        #expect(throws: ExportFileError.folderNotEmpty(folder)) { try session.exportCalendar(to: folder) { _, _ in } }
        let report = try session.importFile(at: folder, dryRun: true)
        #expect(report.dryRun && report.summary.itemsAdded == 0 && report.summary.itemsSkipped == 1)
    }

    @Test func aBadFileIsReportedBeforeAnythingChanges() throws {
        let session = try filled("d")
        let path = dir.appending("absent.ics")
        #expect(throws: ImportFileError.noSuchFile(path)) { try session.importFile(at: path, dryRun: false) }
        #expect(throws: ImportFileError.noSuchPath(path)) { try session.importIOSFiles([path], dryRun: false) }
        #expect(try session.snapshot().items.count == 1)
    }
}
