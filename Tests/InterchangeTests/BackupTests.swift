import ChecklistsKit
import Foundation
import TerminalText
import Testing

@testable import Interchange

/// The JSON backup: its schema, an exact round trip, and refusals that name the field.
@Suite struct BackupTests {
    static func date(_ t: TimeInterval) -> Date { Date(timeIntervalSince1970: t) }

    static let snapshot = StoreSnapshot(
        lists: [
            Checklist(
                id: 2, uid: "list-a", name: "Groceries", icon: .groceries, created: date(1000), modified: date(2000))
        ],
        items: [
            ChecklistItem(
                id: 7, uid: "item-a", listID: 2, text: "Milk \u{202E} \u{1B}[2J", checked: true,
                dueDate: date(1_800_000_000),
                shouldRemind: true, created: date(1500), modified: date(2500)),
            ChecklistItem(id: 9, uid: "item-b", listID: 2, text: "Eggs", created: date(1600), modified: date(1600)),
        ],
        notes: [Note(id: 1, uid: "note-a", title: "Ideas", body: "a\nb", modified: date(3000), created: date(2900))],
        tombstones: [Tombstone(uid: "gone", kind: .item, deletedAt: date(4000))],
        settings: ["ChecklistIndex": 2, "ChecklistItemID": 10, "TombstoneDays": 90])

    @Test func encodesTheDocumentedShape() throws {
        let data = try Backup.encode(Self.snapshot)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["format"] as? String == "checklists-backup")
        #expect(json["version"] as? Int == 1)
        #expect(json["secret"] == nil)
        let list = try #require((json["lists"] as? [[String: Any]])?.first)
        #expect(list["created"] as? String == "1970-01-01T00:16:40Z")
        let item = try #require((list["items"] as? [[String: Any]])?.first)
        #expect(item["due"] as? String == "2027-01-15T08:00:00Z")
        #expect((list["items"] as? [[String: Any]])?.last?["due"] == nil)
        #expect(Set(item.keys) == ["id", "uid", "text", "checked", "due", "remind", "created", "modified"])
        #expect(try Backup.encode(Self.snapshot, secret: "s3cret").count > data.count)
    }

    /// The backup is written by hand, byte for byte as JSONEncoder wrote it before (so old and
    /// new backups of the same store are the same file) but for DEL, C1 controls and bidi marks,
    /// which JSONEncoder wrote raw and the backup writes as `\uXXXX` (as `--json` does): escapes
    /// of every control character, quotes, backslashes, slashes, non-ASCII text, empty
    /// containers and the optional fields.
    @Test func encodesTheSameBytesAsJSONEncoderWithTerminalControlsEscaped() throws {
        var tricky = Self.snapshot
        let controls = String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) })
        tricky.items[1].text = "\"quoted\" back\\slash a/b \u{7F} \(controls) 中文 🛒 \u{202E}"
        tricky.lists.append(
            Checklist(
                id: 3, uid: "list-b", name: "Empty /", icon: .noIcon, created: Self.date(0), modified: Self.date(0)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for (snapshot, secret) in [
            (tricky, "Secret \u{0}\n\"x\""), (tricky, nil),
            (StoreSnapshot(lists: [], items: [], notes: [], tombstones: [], settings: [:]), nil),
        ] {
            let written = try Backup.encode(snapshot, secret: secret)
            // The document JSONEncoder was given, read back from what was written.
            let document = try BackupReader(Array(written)).document()
            var expected: [UInt8] = []
            TerminalText.appendEscapingControls(Array(try encoder.encode(document)), to: &expected)
            #expect(written == Data(expected + [10]))
            #expect(String(decoding: written, as: UTF8.self).contains(secret == nil ? "version" : "secret"))
        }
    }

    /// A very large text is written in runs between the bytes that need an escape, with the
    /// same bytes as JSONEncoder (terminal controls escaped): a note of several megabytes of
    /// mixed text and escapes.
    @Test func aHugeNoteIsWrittenLikeJSONEncoderWritesIt() throws {
        var huge = Self.snapshot
        let piece = "plain ASCII text of some length, \"quoted\", back\\slash\ttab 中文 🛒\n\u{1}"
        huge.notes[0].body = String(repeating: piece, count: 40_000) + "end"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let written = try Backup.encode(huge)
        #expect(written.count > 3_000_000)
        var expected: [UInt8] = []  // the snapshot's item has a U+202E
        TerminalText.appendEscapingControls(
            Array(try encoder.encode(try BackupReader(Array(written)).document())), to: &expected)
        #expect(written == Data(expected + [10]))
        #expect(try Backup.decode(written).batch.notes.first?.body == huge.notes[0].body)
    }

    /// The word-at-a-time scan stops at every byte that needs an escape, wherever it lies in a
    /// word, and at none other (bytes above 0x7F included).
    @Test func theScanFindsEveryByteThatNeedsAnEscape() {
        let specials: [UInt8] = Array(0..<0x20) + [0x22, 0x5C]
        for special in specials {
            for position in 0..<20 {
                var bytes: [UInt8] = (0..<20).map { n -> UInt8 in
                    let byte = UInt8(0x20 + (n * 37) % 0xDF)
                    return byte == 0x22 || byte == 0x5C ? 0x41 : byte
                }
                bytes[position] = special
                let found = bytes.withUnsafeBufferPointer { BackupWriter.plainRun($0, from: 0) }
                #expect(found == position, "byte \(special) at \(position)")
            }
        }
        let plain = (0x20...0xFF).map(UInt8.init).filter { $0 != 0x22 && $0 != 0x5C }
        #expect(plain.withUnsafeBufferPointer { BackupWriter.plainRun($0, from: 3) } == plain.count)
    }

    /// `export --format json` wrote DEL, the C1 controls (U+009B is a CSI to xterm and VTE) and
    /// the bidi overrides and isolates raw, so `export -o -` or `cat` of a backup on a terminal
    /// could be steered by stored text; they are `\uXXXX` escapes now, and read back exactly.
    @Test func writesNoRawTerminalControlsAndReadsTheTextBackExactly() throws {
        var hostile = Self.snapshot
        let controls = String(String.UnicodeScalarView((UInt8(0x7F)...0x9F).map(Unicode.Scalar.init)))
        let text = "Rent \u{9B}31m \u{1B}[2J \(controls) \u{202E}evil\u{202C} \u{2066}x\u{2069} \u{200F} \u{2028} 中文"
        hostile.items[1].text = text
        hostile.lists[0].name = "List \u{202D}\u{85}"
        hostile.notes[0].body = text
        let written = try Backup.encode(hostile, secret: text)
        let scalars = String(decoding: written, as: UTF8.self).unicodeScalars
        #expect(!scalars.contains { $0 != "\n" && TerminalText.isControl($0) })
        #expect(String(decoding: written, as: UTF8.self).contains("Rent \\u009b31m \\u001b[2J \\u007f\\u0080"))
        let (batch, secret) = try Backup.decode(written)
        #expect(batch.lists[0].items[1].text == text)
        #expect(batch.lists[0].name == "List \u{202D}\u{85}")
        #expect(batch.notes[0].body == text)
        #expect(secret == text)
        #expect(try Backup.encode(hostile, secret: text) == written)
    }

    @Test func decodingGivesBackEverythingAndEncodingIsStable() throws {
        let data = try Backup.encode(Self.snapshot, secret: "Secret stuff!")
        let (batch, secret) = try Backup.decode(data)
        #expect(secret == "Secret stuff!")
        #expect(batch.isRestore)
        #expect(batch.openList == 0)
        let list = try #require(batch.lists.first)
        #expect(list.id == 2 && list.uid == "list-a" && list.icon == .groceries && list.created == Self.date(1000))
        #expect(list.items.map(\.id) == [7, 9])
        #expect(list.items[0].text == "Milk \u{202E} \u{1B}[2J")
        #expect(list.items[0].dueDate == Self.date(1_800_000_000) && list.items[0].shouldRemind)
        #expect(batch.notes.first?.body == "a\nb")
        #expect(batch.tombstones == Self.snapshot.tombstones)
        #expect(batch.settings == Self.snapshot.settings)
        #expect(try Backup.encode(Self.snapshot, secret: "Secret stuff!") == data)
    }

    /// An all-day item's backup says so (`"allDay" : true`, the only new field, absent for
    /// other items so their bytes are as before) and restores all-day; a backup written before
    /// the field existed restores its items timed.
    @Test func anAllDayItemIsBackedUpAndRestoredAllDay() throws {
        var snapshot = Self.snapshot
        snapshot.items[0].isAllDay = true
        let data = try Backup.encode(snapshot)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require((json["lists"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
        #expect(items[0]["allDay"] as? Bool == true)
        #expect(items[1]["allDay"] == nil)
        #expect(try Backup.decode(data).batch.lists[0].items.map(\.isAllDay) == [true, false])
        let before = try Backup.encode(Self.snapshot)
        #expect(!String(decoding: before, as: UTF8.self).contains("allDay"))
        #expect(try Backup.decode(before).batch.lists[0].items.map(\.isAllDay) == [false, false])
    }

    /// A store that added to items or lists restored at 2^53 writes IDs past it into its own
    /// backups: they are read, and the batch leaves them to get fresh IDs (they were refused, so
    /// such a backup could not be restored). Integers of 19 digits are read exactly.
    /// A backup saved by Windows Notepad starts with a byte order mark (it was "not JSON").
    @Test func aByteOrderMarkIsSkipped() throws {
        let data = try Backup.encode(Self.snapshot, secret: nil)
        let marked = try Backup.decode(Data([0xEF, 0xBB, 0xBF]) + data).batch
        #expect(marked.lists.map(\.name) == (try Backup.decode(data).batch.lists.map(\.name)))
        #expect(marked.lists.first?.items.count == 2)
    }

    @Test func idsPastTwoToThe53AreReadAndGetFreshOnes() throws {
        let good = String(decoding: try Backup.encode(Self.snapshot), as: UTF8.self)
        let past = good.replacingOccurrences(of: "\"id\" : 7,", with: "\"id\" : 9007199254740993,")
            .replacingOccurrences(of: "\"id\" : 9,", with: "\"id\" : 9007199254740992,")
            .replacingOccurrences(of: "\"id\" : 2,", with: "\"id\" : 9223372036854775807,")
            .replacingOccurrences(of: "\"ChecklistItemID\" : 10", with: "\"ChecklistItemID\" : 1000000000000000001")
        let batch = try Backup.decode(Data(past.utf8)).batch
        let list = try #require(batch.lists.first)
        #expect(list.id == nil)
        #expect(list.items.map(\.id) == [nil, 9_007_199_254_740_992])
        #expect(list.items.map(\.uid) == ["item-a", "item-b"])
        #expect(batch.settings["ChecklistItemID"] == 1_000_000_000_000_000_001)
        for (value, read) in [("-9223372036854775808", Int64.min), ("9223372036854775807", Int64.max)] {
            let text = good.replacingOccurrences(of: "\"ChecklistIndex\" : 2", with: "\"ChecklistIndex\" : \(value)")
            #expect(try Backup.decode(Data(text.utf8)).batch.settings["ChecklistIndex"] == read)
        }
        for value in ["9223372036854775808", "-9223372036854775809", "99999999999999999999"] {
            let text = good.replacingOccurrences(of: "\"ChecklistItemID\" : 10", with: "\"ChecklistItemID\" : \(value)")
            let error = #expect(throws: InterchangeError.self) { try Backup.decode(Data(text.utf8)) }
            #expect(error.map { "\($0)" }?.contains("settings.ChecklistItemID has the wrong type") == true)
        }
    }

    @Test func refusalsNameWhatIsWrong() throws {
        let good = String(decoding: try Backup.encode(Self.snapshot), as: UTF8.self)
        let cases: [(String, String)] = [
            ("[]", "wrong type"),
            ("{", "not JSON"),
            (good.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7"), "newer"),
            (good.replacingOccurrences(of: "checklists-backup", with: "other"), "\"format\""),
            (good.replacingOccurrences(of: "\"Groceries\",\n", with: "\"Nope\",\n"), "icon"),
            (good.replacingOccurrences(of: "\"checked\" : true", with: "\"checked\" : \"yes\""), "checked"),
            (good.replacingOccurrences(of: "1970-01-01T00:16:40Z", with: "yesterday"), "lists[0].created"),
            (good.replacingOccurrences(of: "\"id\" : 7", with: "\"id\" : -7"), "lists[0].items[0].id"),
            (good.replacingOccurrences(of: "\"uid\" : \"gone\"", with: "\"uid\" : \"\""), "tombstones[0].uid"),
            (good.replacingOccurrences(of: "\"kind\" : \"item\"", with: "\"kind\" : \"x\""), "kind"),
            // A restore takes "TombstoneDays" over: a negative or absurd one is refused.
            (
                good.replacingOccurrences(of: "\"TombstoneDays\" : 90", with: "\"TombstoneDays\" : -1"),
                "settings.TombstoneDays -1 is out of range (0 to 36500)"
            ),
            (
                good.replacingOccurrences(of: "\"TombstoneDays\" : 90", with: "\"TombstoneDays\" : 36501"),
                "settings.TombstoneDays 36501 is out of range"
            ),
        ]
        for (text, message) in cases {
            let error = #expect(throws: InterchangeError.self) { try Backup.decode(Data(text.utf8)) }
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(message): \(String(describing: error))")
        }
        #expect(throws: InterchangeError.notUTF8) { try Backup.decode(Data([0x7B, 0xFF, 0x7D])) }
        let more: [(String, String)] = [
            ("{\"format\":\"checklists-backup\",\"version\":1,\"lists\":[{}]}", "lists[0].id is missing"),
            (
                good.replacingOccurrences(of: "\"id\" : 9", with: "\"id\" : \"9\""),
                "lists[0].items[1].id has the wrong type"
            ),
            (good + "x", "not JSON"),
            (good.replacingOccurrences(of: "\"id\" : 9", with: "\"id\" : 09"), "not JSON"),
            (String(repeating: "[", count: 10_000), "wrong type"),
            (
                "{\"format\":\"checklists-backup\",\"version\":1,\"x\":" + String(repeating: "[", count: 10_000),
                "not JSON"
            ),
        ]
        for (text, message) in more {
            let error = #expect(throws: InterchangeError.self) { try Backup.decode(Data(text.utf8)) }
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(message): \(String(describing: error))")
        }
    }

    /// The hand-written reader takes any JSON the schema allows: escapes (surrogate pairs too, and
    /// in keys), white space, keys in any order, unknown keys (one that starts like a known one
    /// too), null for an absent due date, 1.0 as 1.
    @Test func readsAnyValidSpellingOfTheSchema() throws {
        let text = """
            { "version": 1.0, "extra": [{"a": [null, true, -1.5e3]}], "settings": {"ChecklistIndex": 2},
              "tombstones": [], "notes": [], "format": "checklists-backup",
              "lists": [{"items": [{"uid": "i\\u0031", "text": "\\ud83d\\ude00 \\"q\\" \\/ \\n\\t\\u00e9", "checked": false,
                "due": null, "remind": false, "created": "2026-12-01T09:30:00Z", "modified": "2026-12-01T09:30:00Z",
                "ide": 4, "i\\u0064": 3}], "id": 2, "uid": "l", "n\\u0061me": "L", "icon": "No Icon",
                "created": "2026-12-01T09:30:00Z", "modified": "2026-12-01T09:30:00Z"}]
            }
            """
        let (batch, secret) = try Backup.decode(Data(text.utf8))
        #expect(secret == nil)
        let item = try #require(batch.lists.first?.items.first)
        #expect(item.uid == "i1" && item.id == 3 && item.dueDate == nil)
        #expect(item.text == "\u{1F600} \"q\" / \n\t\u{E9}")
        #expect(batch.openList == 0)
        for bad in ["\"\\ud83d\"", "\"\\ude00\"", "\"\\x\"", "\"\u{1}\""] {
            let document = text.replacingOccurrences(of: "\"L\"", with: bad)
            #expect(throws: InterchangeError.self, "\(bad)") { try Backup.decode(Data(document.utf8)) }
        }
    }

    /// A "modified" spelled with the same bytes as its "created" is that time (the reader keeps
    /// one string for both); any other spelling is read on its own.
    @Test func aModifiedTimeIsReadAsWrittenBesideItsCreatedTime() throws {
        func modified(_ created: String, _ modified: String) throws -> Date? {
            let text = """
                {"format": "checklists-backup", "version": 1, "notes": [], "tombstones": [], "settings": {},
                 "lists": [{"created": \(created), "icon": "No Icon", "id": 2,
                   "items": [{"checked": false, "created": \(created), "id": 3, "modified": \(modified),
                     "remind": false, "text": "t", "uid": "i"}],
                   "modified": \(modified), "name": "L", "uid": "l"}]}
                """
            let list = try #require(try Backup.decode(Data(text.utf8)).batch.lists.first)
            #expect(list.modified == list.items.first?.modified)
            return list.items.first?.modified
        }
        let created = "\"2026-12-01T09:30:00Z\""
        #expect(try modified(created, created) == Timestamp.parse("2026-12-01T09:30:00Z"))
        #expect(try modified(created, "\"2026-12-01T09:30:01Z\"") == Timestamp.parse("2026-12-01T09:30:01Z"))
        #expect(try modified(created, "\"2026-12-01T09:30:00\\u005a\"") == Timestamp.parse("2026-12-01T09:30:00Z"))
        #expect(try modified(created, "\"2026-12-01T10:30:00+01:00\"") == Timestamp.parse("2026-12-01T09:30:00Z"))
        for bad in ["\"2026-12-01T09:30:00Zx\"", "\"2026-12-01T09:30:00\"", "\"2026-12-01T09:30:00Z"] {
            #expect(throws: InterchangeError.self, "\(bad)") { try modified(created, bad) }
        }
    }

    @Test func timestampsAreUTCToTheSecondAndReadStrictly() {
        #expect(Timestamp.string(Self.date(0)) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.string(Self.date(-1)) == "1969-12-31T23:59:59Z")
        #expect(Timestamp.string(Self.date(951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.parse("2000-02-29T00:00:00Z") == Self.date(951_782_400))
        #expect(Timestamp.parse("2000-02-29T01:00:00+01:00") == Self.date(951_782_400))
        for bad in ["2001-02-29T00:00:00Z", "2000-13-01T00:00:00Z", "2000-01-01 00:00:00Z", "0000-01-01T00:00:00Z", ""]
        {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }

    /// A due date at the edge of the years in local time (`item add … --due "9999-12-31 23:00"`
    /// in New York) is an instant past them in UTC: it was written "10000-01-01T04:00:00Z",
    /// which every import refused. It is written with an offset that keeps it in the years.
    @Test func aTimePastTheYearsInUTCIsWrittenWithAnOffsetAndReadsBack() throws {
        let late = try #require(Timestamp.parse("9999-12-31T23:00:00-05:00"))
        let early = try #require(Timestamp.parse("1900-01-01T00:30:00+01:00"))
        #expect(Timestamp.string(late) == "9999-12-31T14:00:00-14:00")
        #expect(Timestamp.string(early) == "1900-01-01T13:30:00+14:00")
        for date in [late, early] { #expect(Timestamp.parse(Timestamp.string(date)) == date) }
        #expect(Timestamp.string(Self.date(0)) == "1970-01-01T00:00:00Z")
    }
}
