import ChecklistsApp
import ChecklistsKit
import Foundation
import LocalAuthentication
import TestSupport
import Testing

/// Import and export through the session: refused while locked, one transaction when open.
@Suite struct AppSessionInterchangeTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    func session(passwords: [String?] = []) -> AppSession {
        fileVaultSession(
            home: home, runtime: dir.appending("run"), presenter: ScriptedPresenter(passwords: passwords),
            cache: ExpiringKeyCache())
    }

    @Test func importThenSnapshotShowsTheImportedContent() throws {
        let session = session()
        #expect(try session.open())
        let batch = ImportBatch(lists: [
            ImportBatch.List(name: "Trips", icon: .trips, items: [.init(id: 40, text: "Passport")])
        ])
        let summary = try session.importBatch(batch)
        #expect(summary.listsAdded == 1 && summary.itemsAdded == 1)
        let snapshot = try session.snapshot()
        #expect(snapshot.items.map(\.id) == [40])
        #expect(snapshot.settings["ChecklistItemID"] == 41)
    }

    @Test func importAndSnapshotAreRefusedWhileLocked() throws {
        let session = session(passwords: ["correct horse", "correct horse"])
        #expect(try session.open())
        _ = try session.enableLock(.passcode)
        session.lock()
        #expect(throws: AppSessionError.locked) { try session.snapshot() }
        #expect(throws: AppSessionError.locked) { try session.importBatch(ImportBatch(lists: [.init(name: "x")])) }
    }
}
