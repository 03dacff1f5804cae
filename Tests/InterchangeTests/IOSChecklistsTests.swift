import ChecklistsKit
import Foundation
import TestSupport
import Testing

@testable import Interchange

/// Reading the iOS app's Checklists.plist: every archive variant the app wrote, and damaged or
/// foreign files, each refused with a message that says what is wrong.
@Suite struct IOSChecklistsTests {
    static let due = Date(timeIntervalSince1970: 1_800_000_000)

    static var lists: [FixtureList] {
        [
            FixtureList(
                "Groceries", icon: "Groceries",
                items: [
                    FixtureItem("Milk", checked: true, itemID: 0),
                    FixtureItem("Eggs", due: due, remind: true, itemID: 1),
                ]),
            FixtureList("家务", icon: "Chores", items: [FixtureItem("Vacuum, then mop; \"quickly\"", itemID: 2)]),
            FixtureList("Empty", icon: "No Icon"),
        ]
    }

    @Test(
        arguments: [ArchiveFixture.Format.binary, .xml],
        ArchiveFixture.Naming.allCases)
    func readsEveryArchiveVariant(format: ArchiveFixture.Format, naming: ArchiveFixture.Naming) throws {
        let data = try ArchiveFixture.checklists(Self.lists, format: format, naming: naming)
        let lists = try IOSChecklists.read(data)
        #expect(lists.map(\.name) == ["Groceries", "家务", "Empty"])
        #expect(lists.map(\.icon) == [.groceries, .chores, .noIcon])
        #expect(lists[0].items.map(\.text) == ["Milk", "Eggs"])
        #expect(lists[0].items.map(\.checked) == [true, false])
        #expect(lists[0].items[1].dueDate == Self.due)
        #expect(lists[0].items[1].shouldRemind)
        #expect(lists[0].items.map(\.id) == [0, 1])
        #expect(lists[1].items[0].text == "Vacuum, then mop; \"quickly\"")
        #expect(lists[2].items.isEmpty)
    }

    @Test func oldArchivesWithoutIconDueRemindOrIDGetTheAppDefaults() throws {
        let old = [FixtureList("Old", icon: nil, items: [FixtureItem("Plain", checked: true, remind: nil)])]
        let lists = try IOSChecklists.read(try ArchiveFixture.checklists(old, naming: .plain))
        #expect(lists[0].icon == .noIcon)
        let item = try #require(lists[0].items.first)
        #expect(item.id == nil && item.dueDate == nil && !item.shouldRemind && item.checked)
    }

    @Test func anEmptyArchiveHasNoLists() throws {
        #expect(try IOSChecklists.read(try ArchiveFixture.checklists([])).isEmpty)
    }

    /// Each damaged file gives its own clear error (and the importer imports nothing from it).
    @Test func damagedArchivesAreRefusedWithTheReason() throws {
        let good = try ArchiveFixture.checklists(Self.lists, format: .binary)
        var hugeCount = good
        // The trailer's object count claims 2^62 objects.
        hugeCount.replaceSubrange(
            (good.count - 24)..<(good.count - 16), with: [0x40, 0, 0, 0, 0, 0, 0, 0])
        let cases: [(String, Data, String)] = [
            ("truncated", good.prefix(good.count / 2), "not a property list"),
            ("huge object count", hugeCount, "not a property list"),
            (
                "not UTF-8",
                Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist><string>\u{FF}".utf8) + Data([0xFF, 0xFE]),
                "not a property list"
            ),
            ("empty", Data(), "not a property list"),
            ("JSON", Data("{\"lists\": []}".utf8), "not a property list"),
        ]
        for (label, data, message) in cases {
            let error = #expect(throws: InterchangeError.self, "\(label)") { try IOSChecklists.read(data) }
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(label): \(String(describing: error))")
        }
    }

    @Test func wrongTypesCyclesAndForeignClassesAreRefused() throws {
        typealias F = ArchiveFixture
        let listClass = F.classInfo("Checklists.Checklist")
        let itemClass = F.classInfo("Checklists.ChecklistItem")
        let arrayClass = F.classInfo("NSArray")
        // objects: 1 root array, 2 list, 3 name, 4 items array, 5 item, 6 text, 7.. classes
        func list(items: Int = 4, name: String = F.uid(3)) -> String {
            "<dict><key>$class</key>\(F.uid(8))<key>Name</key>\(name)<key>Items</key>\(F.uid(items))</dict>"
        }
        func item(_ fields: String) -> String { "<dict><key>$class</key>\(F.uid(9))\(fields)</dict>" }
        let text = "<key>Text</key>\(F.uid(6))"
        func archive(list l: String = list(), item i: String = item(text), classes: [String] = [listClass, itemClass])
            -> Data
        {
            F.handWritten(
                objects: [
                    F.array([2], classUID: 7), l, "<string>Groceries</string>", F.array([5], classUID: 7), i,
                    "<string>Milk</string>", arrayClass,
                ] + classes)
        }
        #expect(try IOSChecklists.read(archive()).first?.items.first?.text == "Milk")
        let cases: [(String, Data, String)] = [
            ("Text is a number", archive(item: item("<key>Text</key><integer>5</integer>")), "Text is not text"),
            ("Text missing", archive(item: item("")), "Text is missing"),
            (
                "Checked is a string", archive(item: item(text + "<key>Checked</key><string>yes</string>")),
                "not a boolean"
            ),
            ("ItemID negative", archive(item: item(text + "<key>ItemID</key><integer>-4</integer>")), "ItemID"),
            ("DueDate is text", archive(item: item(text + "<key>DueDate</key>\(F.uid(6))")), "not an object"),
            (
                "Items refer to the list itself", archive(list: list(items: 2)),
                "is a Checklists.Checklist, expected NSArray"
            ),
            ("Items refer to the root", archive(list: list(items: 1)), "a second time"),
            (
                "the root holds itself",
                F.handWritten(
                    objects: [F.array([1], classUID: 7)] + Array(repeating: "<string>x</string>", count: 5) + [
                        arrayClass
                    ]), "is a NSArray, expected Checklist"
            ),
            (
                "a list twice",
                F.handWritten(objects: [
                    F.array([2, 2], classUID: 7), list(), "<string>G</string>", F.array([5], classUID: 7), item(text),
                    "<string>Milk</string>", arrayClass, listClass, itemClass,
                ]), "a second time"
            ),
            (
                "an item in two lists",
                F.handWritten(objects: [
                    F.array([2, 10], classUID: 7), list(), "<string>G</string>", F.array([5], classUID: 7), item(text),
                    "<string>Milk</string>", arrayClass, listClass, itemClass, list(items: 11),
                    F.array([5], classUID: 7),
                ]), "a second time"
            ),
            ("UID out of range", archive(list: list(items: 99)), "refers to object 99"),
            ("a foreign class", archive(classes: [F.classInfo("NSTask"), itemClass]), "is a NSTask"),
            ("a name that is nil", archive(list: list(name: F.uid(0))), "is nil"),
            ("another archiver", F.handWritten(objects: [], archiver: "Other"), "$archiver"),
        ]
        // Each as written (XML, parsed by Foundation) and as a binary file (read in place).
        for (label, xml, message) in cases {
            for data in [xml, try F.reformat(xml, .binary)] {
                let error = #expect(throws: InterchangeError.self, "\(label)") { try IOSChecklists.read(data) }
                #expect(error.map { "\($0)" }?.contains(message) == true, "\(label): \(String(describing: error))")
            }
        }
    }

    /// The binary reader gives what the property-list tree gives, for every archive variant.
    @Test(arguments: ArchiveFixture.Naming.allCases)
    func theBinaryReaderAgreesWithTheTree(naming: ArchiveFixture.Naming) throws {
        let data = try ArchiveFixture.checklists(Self.lists, format: .binary, naming: naming)
        let bytes = [UInt8](data)
        let source = try #require(try BinaryArchiveSource(bytes))
        let tree = try IOSChecklists.read(plist: try BinaryPlist.parse(bytes: bytes))
        #expect(try IOSChecklists.read(source) == tree)
        #expect(tree.map(\.name) == ["Groceries", "家务", "Empty"])
    }

    /// A binary file that is a property list but no archive is left to the other readers.
    @Test func aBinaryPlistThatIsNoArchiveIsNotReadAsOne() throws {
        let notes = [UInt8](try ArchiveFixture.plist([["title": "T", "body": "B"]] as NSArray))
        #expect(try BinaryArchiveSource(notes) == nil)
        let error = #expect(throws: InterchangeError.self) { try IOSChecklists.read(Data(notes)) }
        #expect(error.map { "\($0)" }?.contains("no $archiver or $top") == true)
    }

    @Test func classNamesMatchInAnyModuleButNothingElse() {
        #expect(ClassName.matches("Checklist", "Checklist"))
        #expect(ClassName.matches("Checklists.Checklist", "Checklist"))
        #expect(ClassName.matches("_TtC10Checklists9Checklist", "Checklist"))
        #expect(!ClassName.matches("_TtC10Checklists13ChecklistItem", "Checklist"))
        #expect(!ClassName.matches("NotAChecklist", "Checklist"))
        #expect(!ClassName.matches("a.b.Checklist", "Checklist"))
        #expect(!ClassName.matches("_TtC99Checklists9Checklist", "Checklist"))
    }

    /// UIDs are read at a field offset found once (reflection is the slow fallback).
    @Test func uidsAreReadWithoutReflection() throws {
        #expect(UIDProbe.type != nil)
        #expect(UIDProbe.valueOffset != nil)
        #expect(try IOSChecklists.read(try ArchiveFixture.checklists(Self.lists)).count == 3)
    }
}
