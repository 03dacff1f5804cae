import ChecklistsKit
import Foundation
import TestSupport
import Testing

@testable import Interchange

/// The iOS app's other files, and telling the files apart by content.
@Suite struct IOSImportTests {
    @Test(arguments: [ArchiveFixture.Format.binary, .xml])
    func notesDataGivesTitlesAndBodies(format: ArchiveFixture.Format) throws {
        let data = try ArchiveFixture.plist(
            [["title": "Ideas", "body": "Línea uno\n第二行"], ["title": "No body"]] as NSArray, format: format)
        let notes = try IOSNotes.read(data)
        #expect(notes.map(\.title) == ["Ideas", "No body"])
        #expect(notes.map(\.body) == ["Línea uno\n第二行", ""])
    }

    @Test func notesWithoutTitlesOrWithWrongTypesAreRefused() throws {
        for (value, message) in [
            ([["title": 5]] as NSArray, "no text \"title\""), ([["title": "t", "body": 3]] as NSArray, "body"),
            (["just text"] as NSArray, "not a dictionary"), ([["title": "  "]] as NSArray, "empty title"),
        ] {
            var found = IOSImport()
            let error = #expect(throws: InterchangeError.self) { try found.add(try ArchiveFixture.plist(value)) }
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
        }
    }

    @Test func preferencesGiveTheCounterTheOpenListAndTouchID() throws {
        let data = try ArchiveFixture.plist(
            ["ChecklistIndex": 1, "FirstTime": false, "ChecklistItemID": 57, "TouchID": "1"] as NSDictionary)
        var found = IOSImport()
        #expect(try found.add(data) == .preferences)
        #expect(
            found.preferences == IOSPreferences(checklistIndex: 1, firstTime: false, checklistItemID: 57, touchID: true)
        )
        #expect(try found.add(try ArchiveFixture.checklists([FixtureList("A"), FixtureList("B")])) == .checklists)
        let batch = found.batch
        #expect(batch.openList == 1)
        #expect(batch.settings["ChecklistItemID"] == 57)
    }

    @Test func badPreferencesAreRefused() throws {
        for value in [["ChecklistItemID": "many"], ["ChecklistIndex": -5], ["TouchID": "maybe"]] as [NSDictionary] {
            var found = IOSImport()
            #expect(throws: InterchangeError.self) { try found.add(try ArchiveFixture.plist(value)) }
        }
    }

    @Test func filesAreToldApartByContent() throws {
        var found = IOSImport()
        #expect(try found.add(try ArchiveFixture.plist([["title": "t", "body": "b"]] as NSArray)) == .notes)
        #expect(try found.add(try ArchiveFixture.checklists([FixtureList("A")], format: .xml)) == .checklists)
        let foreign = try ArchiveFixture.plist(["CFBundleName": "Other"] as NSDictionary)
        let error = #expect(throws: InterchangeError.self) { try found.add(foreign) }
        #expect(error.map { "\($0)" }?.contains("neither Checklists.plist") == true)
        #expect(found.lists.map(\.name) == ["A"] && found.notes.count == 1)
    }

    /// corelibs crashes (SIGSEGV) bridging a parsed set; such a file is refused before parsing.
    @Test func aBinaryPlistWithASetIsRefusedNotParsed() throws {
        let hex =
            "62706c6973743030a20103c102557469746c655178080b0d1300000000000001010000000000000004"
            + "00000000000000000000000000000015"
        let bytes = stride(from: 0, to: hex.count, by: 2).map {
            UInt8(hex[hex.index(hex.startIndex, offsetBy: $0)...].prefix(2), radix: 16) ?? 0
        }
        var found = IOSImport()
        let error = #expect(throws: InterchangeError.self) { try found.add(Data(bytes)) }
        #expect(error.map { "\($0)" }?.contains("holds a set") == true)
        var damaged = bytes
        damaged[damaged.count - 1] = 0xFF  // the offset table beyond the file
        #expect(throws: InterchangeError.notPropertyList("a damaged binary property list")) {
            try found.add(Data(damaged))
        }
    }

    /// The FuzzPlist seeds (Tests/Fuzz/corpus) through the reader the fuzzer drives: each gives
    /// a batch or an error, never a trap (the same check as `sh scripts/fuzz.sh seeds FuzzPlist`,
    /// without the sanitizers).
    @Test func theFuzzSeedsReadWithoutATrap() throws {
        let root = ProcessInfo.processInfo.environment["CHECKLISTS_ROOT"] ?? FileManager.default.currentDirectoryPath
        let folder = root + "/Tests/Fuzz/corpus/FuzzPlist"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(!names.isEmpty)
        for name in names {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            var found = IOSImport()
            _ = try? found.add(data)
            #expect(found.batch.itemCount <= IOSChecklists.maxItems)
        }
    }
}
