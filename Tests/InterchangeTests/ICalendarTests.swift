import ChecklistsKit
import Foundation
import Testing

@testable import Interchange

/// VTODOs out and in: our own export, other programs' files, folding, escaping and time zones.
@Suite struct ICalendarTests {
    static let utc = TimeZone(identifier: "UTC")!

    static let item = ChecklistItem(
        id: 7, uid: "3f1c2d9e-0000-4000-8000-000000000001", listID: 1,
        text:
            "Buy milk, eggs; and \\ a very long text that certainly needs folding somewhere past seventy-five octets — 牛奶",
        checked: false, dueDate: Date(timeIntervalSince1970: 1_800_000_000), shouldRemind: true,
        created: Date(timeIntervalSince1970: 1_700_000_000), modified: Date(timeIntervalSince1970: 1_700_000_600))

    @Test func writesAFoldedEscapedVTodoThatReadsBack() throws {
        let text = ICalendarWriter.calendar(Self.item, icon: .groceries)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.contains("UID:3f1c2d9e-0000-4000-8000-000000000001\r\n"))
        #expect(text.contains("DUE:20270115T080000Z\r\n"))
        #expect(text.contains("STATUS:NEEDS-ACTION\r\n"))
        #expect(text.contains("CATEGORIES:Groceries\r\n"))
        #expect(text.contains("BEGIN:VALARM\r\n"))
        #expect(text.contains("SUMMARY:Buy milk\\, eggs\\; and \\\\ a"))
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        let calendar = try ICalendarReader.read(Data(text.utf8), timeZone: Self.utc)
        let todo = try #require(calendar.todos.first)
        #expect(todo.text == Self.item.text)
        #expect(todo.uid == Self.item.uid && todo.id == 7)
        #expect(todo.dueDate == Self.item.dueDate && todo.shouldRemind && !todo.checked)
        #expect(todo.created == Self.item.created && todo.modified == Self.item.modified)
        #expect(calendar.icon == .groceries)
    }

    @Test func aCheckedItemIsCompleted() throws {
        var item = Self.item
        item.checked = true
        item.shouldRemind = false
        let text = ICalendarWriter.calendar(item, icon: .noIcon)
        #expect(text.contains("STATUS:COMPLETED\r\n") && text.contains("COMPLETED:"))
        #expect(!text.contains("VALARM") && !text.contains("CATEGORIES"))
        #expect(try ICalendarReader.read(Data(text.utf8)).todos.first?.checked == true)
    }

    /// As Thunderbird and Nextcloud write them: LF or CRLF, a TZID with its VTIMEZONE, a
    /// folded line, a VEVENT beside the VTODO, quoted parameters, a date without a time.
    @Test func readsOtherProgramsToDos() throws {
        let text = """
            BEGIN:VCALENDAR\r
            PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
            VERSION:2.0\r
            X-WR-CALNAME:Work\r
            BEGIN:VTIMEZONE\r
            TZID:Europe/Berlin\r
            BEGIN:STANDARD\r
            DTSTART:19701025T030000\r
            END:STANDARD\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:event-1\r
            SUMMARY:Not a to-do\r
            END:VEVENT\r
            BEGIN:VTODO\r
            UID:abc@example.com\r
            SUMMARY;LANGUAGE="en:GB":Write the re\r
             port\\nsecond line\r
            DUE;TZID=Europe/Berlin:20261224T093000\r
            STATUS:IN-PROCESS\r
            BEGIN:VALARM\r
            TRIGGER:-PT15M\r
            ACTION:DISPLAY\r
            END:VALARM\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:def@example.com\r
            SUMMARY:Day only\r
            DUE;VALUE=DATE:20261225\r
            PERCENT-COMPLETE:100\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let calendar = try ICalendarReader.read(Data(text.utf8), timeZone: Self.utc)
        #expect(calendar.name == "Work")
        #expect(calendar.todos.count == 2)
        let first = calendar.todos[0]
        #expect(first.text == "Write the report\nsecond line")
        #expect(first.uid == "abc@example.com")
        #expect(first.dueDate == Date(timeIntervalSince1970: 1_798_101_000))  // 08:30 UTC
        #expect(first.shouldRemind && !first.checked)
        #expect(calendar.todos[1].dueDate == Date(timeIntervalSince1970: 1_798_189_200))  // 09:00 that day
        #expect(calendar.todos[1].checked)
        #expect(calendar.todos[1].isAllDay && !first.isAllDay)
    }

    /// An all-day item is written as its day (`DUE;VALUE=DATE`, as Thunderbird, Nextcloud Tasks
    /// and todoman write one) in the user's zone, its alarm at the hour it reminds, and reads
    /// back all-day on the same day; a timed one stays a UTC time.
    @Test func anAllDayItemIsWrittenAsADateAndReadsBackAllDay() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        var item = Self.item
        item.isAllDay = true
        // 2027-01-15 08:00 UTC is 17:00 in Tokyo: the day is the 15th there.
        let text = ICalendarWriter.calendar(item, icon: .noIcon, timeZone: tokyo)
        #expect(text.contains("DUE;VALUE=DATE:20270115\r\n"))
        #expect(!text.contains("DUE:"))
        #expect(text.contains("TRIGGER;VALUE=DATE-TIME:20270115T080000Z\r\n"))
        let todo = try #require(try ICalendarReader.read(Data(text.utf8), timeZone: tokyo).todos.first)
        #expect(todo.isAllDay && todo.shouldRemind)
        var day = Calendar(identifier: .gregorian)
        day.timeZone = tokyo
        #expect(day.dateComponents([.year, .month, .day, .hour], from: try #require(todo.dueDate)).day == 15)
        // Read at the all-day hour the user set (7:00), not at 09:00.
        let batch = ImportBatch(lists: [ImportBatch.List(name: "L", items: [todo])]).allDay(atHour: 7, timeZone: tokyo)
        let moved = try #require(batch.lists.first?.items.first?.dueDate)
        #expect(day.dateComponents([.day, .hour], from: moved) == DateComponents(day: 15, hour: 7))

        let timed = ICalendarWriter.calendar(Self.item, icon: .noIcon, timeZone: tokyo)
        #expect(timed.contains("DUE:20270115T080000Z\r\n") && timed.contains("TRIGGER;RELATED=END:PT0S\r\n"))
        #expect(try ICalendarReader.read(Data(timed.utf8)).todos.first?.isAllDay == false)
    }

    /// A to-do without a title (Nextcloud Tasks, Thunderbird) is read under its description's
    /// first line, else "Untitled to-do": one such task used to refuse the whole file.
    @Test func aToDoWithoutASummaryTakesItsDescriptionOrAPlaceholder() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:1
            DESCRIPTION:\\n  \\nCall the plumber\\nabout the sink
            END:VTODO
            BEGIN:VTODO
            UID:2
            SUMMARY:\u{20}\t
            END:VTODO
            BEGIN:VTODO
            UID:3
            SUMMARY:Titled
            DESCRIPTION:ignored
            END:VTODO
            END:VCALENDAR

            """
        let calendar = try ICalendarReader.read(Data(text.utf8))
        #expect(calendar.todos.map(\.text) == ["Call the plumber", "Untitled to-do", "Titled"])
    }

    /// A cancelled task (STATUS:CANCELLED) is not remaining: it comes in checked.
    @Test func aCancelledToDoComesInChecked() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTODO
            SUMMARY:Given up
            STATUS:CANCELLED
            END:VTODO
            BEGIN:VTODO
            SUMMARY:Still to do
            STATUS:NEEDS-ACTION
            END:VTODO
            END:VCALENDAR

            """
        let calendar = try ICalendarReader.read(Data(text.utf8))
        #expect(calendar.todos.map(\.checked) == [true, false])
    }

    @Test func badCalendarsNameTheLine() throws {
        let cases: [(String, String)] = [
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VCALENDAR\n",
                "line 4: END:VCALENDAR does not close BEGIN:VTODO"
            ),
            // The DUE's own line (it said line 2, the VTODO's BEGIN).
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nDUE:2026-12-01\nEND:VTODO\nEND:VCALENDAR\n", "line 4: DUE"),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nDESCRIPTION:a\n long\n  text\nCREATED:2026\nEND:VTODO\nEND:VCALENDAR\n",
                "line 7: CREATED \"2026\" is not a date"
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nDUE:20261301T000000Z\nEND:VTODO\nEND:VCALENDAR\n",
                "not a valid time"
            ),
            ("BEGIN:VCALENDAR\nno colon here\nEND:VCALENDAR\n", "line 2: not a content line"),
            (" leading continuation\n", "line 1"),
            ("BEGIN:VTODO\nEND:VTODO\n", "outside a VCALENDAR"),
            ("BEGIN:VCALENDAR\n", "never ended"),
            ("", "no BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\rb\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n", "control characters"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: InterchangeError.self) { try ICalendarReader.read(Data(text.utf8)) }
            #expect(error.map { "\($0)" }?.contains(message) == true, "\(message): \(String(describing: error))")
        }
        #expect(throws: InterchangeError.notUTF8) { try ICalendarReader.read(Data([0x42, 0xC3, 0x28])) }
    }

    @Test func theVdirHasAFolderPerListAndAFilePerItem() {
        let snapshot = StoreSnapshot(
            lists: [
                Checklist(id: 1, uid: "list-1", name: "Groceries", icon: .groceries),
                Checklist(id: 2, uid: "../x", name: "Odd"),
            ],
            items: [Self.item, ChecklistItem(id: 8, uid: "a/b", listID: 2, text: "t")], notes: [], tombstones: [],
            settings: [:])
        let paths = ICalendarWriter.vdir(snapshot).map(\.path)
        #expect(
            paths == [
                "list-1/displayname", "list-1/checklists-icon", "list-2/displayname", "list-1/\(Self.item.uid).ics",
                "list-2/item-8.ics",
            ])
    }

    /// A list without items survives the round trip: its collection (displayname, icon file)
    /// or a calendar file that holds no VTODO is an empty list.
    @Test func anEmptyListIsKept() throws {
        let snapshot = StoreSnapshot(
            lists: [Checklist(id: 3, uid: "empty-1", name: "Packing", icon: .trips)], items: [], notes: [],
            tombstones: [], settings: [:])
        let files = ICalendarWriter.vdir(snapshot)
        #expect(files.map(\.path) == ["empty-1/displayname", "empty-1/checklists-icon"])
        #expect(files.last?.contents == Data("Trips".utf8))
        var calendar = ICalendarImport()
        calendar.addList("Packing", icon: .trips)
        #expect(calendar.batch.lists == [ImportBatch.List(name: "Packing", icon: .trips)])
        var file = ICalendarImport()
        let empty = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Someday\r\nEND:VCALENDAR\r\n"
        #expect(try file.add(Data(empty.utf8), list: ICalendarImport.listName(Data(empty.utf8), fallback: "x")) == 0)
        #expect(file.batch.lists.map(\.name) == ["Someday"])
        // A blank calendar name counts as none: the file's name is used (it was "Imported").
        let blank = "BEGIN:VCALENDAR\r\nX-WR-CALNAME: \r\nEND:VCALENDAR\r\n"
        #expect(ICalendarImport.listName(Data(blank.utf8), fallback: "work") == "work")
    }

    /// Each list comes back from a vdir with its uid, and the lists in their order (by their
    /// IDs where they were exported), whatever order the folders are read in.
    @Test func aVdirKeepsListUIDsAndOrder() throws {
        let snapshot = StoreSnapshot(
            lists: [
                Checklist(id: 4, uid: "zz-first", name: "Work"), Checklist(id: 9, uid: "aa-second", name: "Home"),
            ],
            items: [
                ChecklistItem(id: 1, uid: "i-1", listID: 4, text: "Report"),
                ChecklistItem(id: 2, uid: "i-2", listID: 9, text: "Dishes"),
            ], notes: [], tombstones: [], settings: [:])
        let files = ICalendarWriter.vdir(snapshot)
        let report = try #require(files.first { $0.path == "zz-first/i-1.ics" })
        #expect(String(decoding: report.contents, as: UTF8.self).contains("X-CHECKLISTS-LIST-UID:zz-first\r\n"))
        // As the CLI reads a vdir: folders sorted by name, each named by its displayname first.
        var calendar = ICalendarImport()
        for folder in ["aa-second", "zz-first"] {
            let name = String(
                decoding: try #require(files.first { $0.path == folder + "/displayname" }).contents, as: UTF8.self)
            calendar.addList(name)
            for file in files where file.path.hasPrefix(folder + "/") && file.path.hasSuffix(".ics") {
                try calendar.add(file.contents, list: name, timeZone: Self.utc)
            }
        }
        let lists = calendar.batch.lists
        #expect(lists.map(\.name) == ["Work", "Home"])
        #expect(lists.map(\.uid) == ["zz-first", "aa-second"])
        #expect(lists.map { $0.items.map(\.text) } == [["Report"], ["Dishes"]])
    }

    @Test func unescapingAndCategories() {
        #expect(ICalendarReader.unescape("a\\,b\\;c\\\\d\\Ne") == "a,b;c\\d\ne")
        #expect(ICalendarReader.categories("Home,Trips\\,x") == ["Home", "Trips,x"])
    }

    /// RFC 5545 3.1: a folding program may split a multi-byte character; unfolding restores it
    /// (such a file was refused as "the text is not valid UTF-8").
    @Test func aFoldInsideAMultiByteCharacterIsJoined() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:fold\r\nSUMMARY:".utf8)
        let chinese = Array("中文".utf8)
        bytes += chinese[0..<2] + Array("\r\n ".utf8) + chinese[2...]
        bytes += Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        #expect(try ICalendarReader.read(Data(bytes)).todos.first?.text == "中文")
        // A sequence that stays broken after unfolding is still refused.
        var broken = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:".utf8)
        broken += chinese[0..<2] + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: InterchangeError.notUTF8) { try ICalendarReader.read(Data(broken)) }
    }

    /// Windows programs start a file with a byte order mark (it was refused: "BEGIN:VTODO
    /// outside a VCALENDAR").
    @Test func aByteOrderMarkIsSkipped() throws {
        let text =
            "\u{FEFF}BEGIN:VCALENDAR\nX-WR-CALNAME:Work\nBEGIN:VTODO\nUID:b\nSUMMARY:Report\nEND:VTODO\nEND:VCALENDAR\n"
        let calendar = try ICalendarReader.read(Data(text.utf8))
        #expect(calendar.name == "Work" && calendar.todos.map(\.text) == ["Report"])
    }

    /// A uid that cannot be a file name is written under "list-ID" / "item-ID": a list or item
    /// whose own uid is that name used to take the same path, and the export failed ("File exists").
    @Test func everyFileOfAVdirHasItsOwnPath() {
        let snapshot = StoreSnapshot(
            lists: [Checklist(id: 3, uid: "a/b", name: "Slash"), Checklist(id: 4, uid: "list-3", name: "Plain")],
            items: [
                ChecklistItem(id: 5, uid: "x/y", listID: 3, text: "One"),
                ChecklistItem(id: 6, uid: "item-5", listID: 3, text: "Two"),
            ], notes: [], tombstones: [], settings: [:])
        let paths = ICalendarWriter.vdir(snapshot).map(\.path)
        #expect(Set(paths).count == paths.count, "\(paths)")
        #expect(Set(paths.map { $0.split(separator: "/")[0] }).count == 2)
    }
}
