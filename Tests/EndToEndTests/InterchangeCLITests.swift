import Foundation
import PrivateFiles
import TestSupport
import Testing

/// `import` and `export` on the built binary: the iOS app's files, the JSON backup's exact round
/// trip, iCalendar vdirs, and damaged files that import nothing.
@Suite struct InterchangeCLITests {
    let dir = TemporaryDirectory()
    let pam = try! PAMRig(password: "account pw")

    func runner(_ name: String = "home") -> CLIRunner {
        CLIRunner(
            home: dir.appending(name),
            environment: [
                "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PAM_CONFDIR": pam.confdir,
                "CHECKLISTS_PASSCODE_COST": "min", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            ])
    }

    func write(_ data: Data, _ name: String) throws -> String {
        let path = dir.appending(name)
        try SecureFile.makeDirectory(SecureFile.directory(of: path))
        try SecureFile.writeAtomically(Array(data), to: path)
        return path
    }

    func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// An iOS app's Documents and Preferences, as the app left them.
    func iosFolder(due: Date = Date(timeIntervalSinceNow: 86_400 * 30)) throws -> String {
        let lists = [
            FixtureList(
                "Groceries", icon: "Groceries",
                items: [
                    FixtureItem("Milk", checked: true, itemID: 3),
                    FixtureItem("Eggs", due: due, remind: true, itemID: 8),
                ]),
            FixtureList("Chores", icon: "Chores", items: [FixtureItem("Vacuum", itemID: 11)]),
        ]
        _ = try write(try ArchiveFixture.checklists(lists, naming: .mangled), "ios/Documents/Checklists.plist")
        _ = try write(
            try ArchiveFixture.plist([["title": "Ideas", "body": "one\ntwo"]] as NSArray, format: .xml),
            "ios/Documents/notesData")
        _ = try write(
            try ArchiveFixture.plist(["ChecklistIndex": 0, "ChecklistItemID": 20, "TouchID": "1"] as NSDictionary),
            "ios/Library/Preferences/com.example.Checklists.plist")
        _ = try write(try ArchiveFixture.plist(["Other": 1] as NSDictionary), "ios/Library/Preferences/other.plist")
        return dir.appending("ios")
    }

    @Test func iosFolderImportsOnceAndSchedulesFutureReminders() throws {
        let cli = runner()
        let folder = try iosFolder()
        let dry = try cli.run("import", "ios", folder, "--dry-run")
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Would import 2 lists, 3 items and 1 note (dry run: nothing was changed)."))
        #expect(try json(cli.run("lists", "--json").stdout).count == 1)

        let first = try cli.run("import", "ios", folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Imported 2 lists, 3 items and 1 note."))
        #expect(first.stdout.contains("1 reminder scheduled."))
        #expect(first.stdout.contains("lock enable --method fingerprint"))
        let items = try json(cli.run("items", "Groceries", "--json").stdout)
        #expect(items.map { $0["id"] as? Int } == [3, 8])
        #expect(items.map { $0["checked"] as? Bool } == [true, false])
        #expect(try cli.run("reminders", "--json").stdout.contains("item-8"))
        #expect(try cli.run("notes", "--json").stdout.contains("Ideas"))
        #expect(try cli.run("item", "add", "Chores", "Dust").stdout.contains("item 20"))

        let again = try cli.run("import", "ios", folder, "--json")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(summary["itemsAdded"] as? Int == 0 && summary["listsAdded"] as? Int == 0)
        #expect(summary["itemsSkipped"] as? Int == 3 && summary["notesSkipped"] as? Int == 1)
        #expect(try cli.run("import", "ios", folder, "--quiet").stdout.isEmpty)
    }

    /// Truncated, wrong types, cycles, huge counts, not UTF-8, foreign: one line naming the
    /// file and what is wrong, exit 2, and nothing imported (not even the good file beside it).
    @Test func damagedFilesImportNothingAndSayWhy() throws {
        let cli = runner()
        let good = try write(try ArchiveFixture.checklists([FixtureList("Good")]), "good.plist")
        let valid = try ArchiveFixture.checklists([FixtureList("L", items: [FixtureItem("x", itemID: 1)])])
        var huge = valid
        huge.replaceSubrange((valid.count - 24)..<(valid.count - 16), with: [0x40, 0, 0, 0, 0, 0, 0, 0])
        let cyclic = ArchiveFixture.handWritten(objects: [
            ArchiveFixture.array([1], classUID: 2), ArchiveFixture.classInfo("NSArray"),
        ])
        let cases: [(String, Data, String)] = [
            ("truncated.plist", valid.prefix(valid.count / 2), "damaged binary property list"),
            ("huge.plist", huge, "damaged binary property list"),
            ("cyclic.plist", cyclic, "expected Checklist"),
            (
                "nonutf8.plist", Data("<?xml version=\"1.0\"?><plist><array><string>".utf8) + Data([0xC3, 0x28]),
                "not a property list"
            ),
            (
                "task.plist",
                ArchiveFixture.handWritten(objects: [
                    ArchiveFixture.array([], classUID: 2), ArchiveFixture.classInfo("NSTask"),
                ]), "is a NSTask"
            ),
            (
                "foreign.plist", try ArchiveFixture.plist(["CFBundleName": "x"] as NSDictionary),
                "neither Checklists.plist"
            ),
        ]
        for (name, data, message) in cases {
            let bad = try write(data, name)
            let result = try cli.run("import", "ios", good, bad)
            #expect(result.status == 2, "\(name)")
            #expect(result.stderr.hasPrefix("checklists: \(bad): "), "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.contains("; nothing was imported."), "\(name): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(name)")
        }
        #expect(try json(cli.run("lists", "--json").stdout).map { $0["name"] as? String } == ["List"])
        let notThere = try cli.run("import", "ios", dir.appending("missing.plist"))
        #expect(notThere.status == 2 && notThere.stderr.contains("missing.plist: no such file"))
    }

    /// export → import into an empty data directory → export gives the same bytes.
    @Test func jsonBackupRoundTripsExactly() throws {
        let cli = runner()
        try cli.run("list", "add", "Trips", "--icon", "trips")
        try cli.run("item", "add", "Trips", "Passport", "--due", "2030-01-02 09:30", "--remind")
        try cli.run("item", "add", "Trips", "Tickets \u{202E} ,;\\ \"quoted\"")
        try cli.run("item", "add", "List", "gone")
        try cli.run("item", "toggle", "1")
        try cli.run("item", "delete", "2")
        try cli.run("item", "add", "Trips", "Visa", "--due", "2030-01-03", "--remind")
        try cli.run("note", "add", "--title", "Ideas", "--body", "line one\nline two")
        let exported = try cli.run("export", "--format", "json", "-o", dir.appending("a.json"))
        #expect(exported.status == 0, "\(exported.stderr)")
        // The all-day item, and only it, carries the flag.
        let backup = try String(contentsOfFile: dir.appending("a.json"), encoding: .utf8)
        #expect(backup.components(separatedBy: "\"allDay\" : true").count == 2)
        #expect(exported.stderr.contains("is not encrypted"))
        var info = stat()
        #expect(stat(dir.appending("a.json"), &info) == 0 && info.st_mode & 0o777 == 0o600)
        let stdout = try cli.run("export", "--format", "json")
        #expect(stdout.stdout == (try String(contentsOfFile: dir.appending("a.json"), encoding: .utf8)))

        let restored = runner("restored")
        let imported = try restored.run("import", dir.appending("a.json"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 2 lists, 3 items and 1 note."), "\(imported.stdout)")
        #expect(try restored.run("export", "--format", "json", "-o", dir.appending("b.json")).status == 0)
        #expect(
            FileManager.default.contents(atPath: dir.appending("a.json"))
                == FileManager.default.contents(atPath: dir.appending("b.json")))
        #expect(try restored.run("reminders", "--json").stdout.contains("item-0"))
        #expect(try restored.run("items", "Trips").stdout.contains("(due Jan 3, 2030)"))
        // Again: nothing new.
        #expect(
            try restored.run("import", dir.appending("a.json")).stdout.contains(
                "Imported 0 lists, 0 items and 0 notes."))
    }

    /// `export --format json` wrote DEL, C1 controls and bidi overrides raw (`--json` escaped
    /// them): `export -o -` on a terminal could be steered by an item's text. Now the file and
    /// standard output carry `\uXXXX` escapes, the text reads back exactly, and the round trip
    /// still gives the same bytes.
    @Test func jsonBackupCarriesNoRawTerminalControls() throws {
        let cli = runner()
        let hostile = "Rent \u{9B}31m\u{1B}[2J \u{7F}\u{85} \u{202E}evil\u{202C} \u{2066}x\u{2069}"
        try cli.run("item", "add", "List", hostile)
        try cli.run("note", "add", "--title", "Note \u{202D}", "--body", hostile)
        let stdout = try cli.run("export", "--format", "json", "-o", "-")
        #expect(stdout.status == 0, "\(stdout.stderr)")
        #expect(try cli.run("export", "--format", "json", "-o", dir.appending("a.json")).status == 0)
        let file = try #require(FileManager.default.contents(atPath: dir.appending("a.json")))
        #expect(Data(stdout.stdout.utf8) == file)
        let text = String(decoding: file, as: UTF8.self)
        let raw = text.unicodeScalars.filter {
            $0.value == 0x7F || (0x80...0x9F).contains($0.value)
                || [0x202C, 0x202D, 0x202E, 0x2066, 0x2069].contains($0.value)
        }
        #expect(raw.isEmpty, "\(raw.map { String($0.value, radix: 16) })")
        #expect(text.contains("Rent \\u009b31m\\u001b[2J \\u007f\\u0085 \\u202eevil\\u202c \\u2066x\\u2069"))

        let restored = runner("restored")
        #expect(try restored.run("import", dir.appending("a.json")).status == 0)
        let items = try json(restored.run("items", "List", "--json").stdout)
        #expect(items.compactMap { $0["text"] as? String } == [hostile])
        #expect(try restored.run("export", "--format", "json", "-o", dir.appending("b.json")).status == 0)
        #expect(FileManager.default.contents(atPath: dir.appending("b.json")) == file)
    }

    /// "TombstoneDays" from a backup was taken over as it was: a negative one (a hand-edited or
    /// damaged backup) is refused in one line, and nothing is imported.
    @Test func aBackupWithTombstoneDaysOutOfRangeImportsNothing() throws {
        let source = runner("source")
        try source.run("item", "add", "List", "Milk")
        let exported = try source.run("export", "--format", "json").stdout
        #expect(exported.contains("\"TombstoneDays\" : 90"))
        for days in ["-5", "100000"] {
            let path = try write(
                Data(
                    exported.replacingOccurrences(of: "\"TombstoneDays\" : 90", with: "\"TombstoneDays\" : \(days)")
                        .utf8),
                "bad\(days).json")
            let cli = runner("fresh")
            let result = try cli.run("import", path)
            #expect(result.status == 2)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "checklists: \(path): not a valid Checklists backup: settings.TombstoneDays \(days) is out of range"
                        + " (0 to 36500); nothing was imported."),
                "\(result.stderr)")
            #expect(try cli.run("items", "List").stdout.contains("Milk") == false)
        }
    }

    /// An empty word where a path goes is a usage mistake (exit 2, one line naming it), not a
    /// file error from the system (it was "cannot write the export: : No such file or
    /// directory", exit 3).
    @Test func anEmptyPathIsAUsageMistake() throws {
        let cli = runner()
        try cli.run("list", "add", "List")
        let cases: [([String], String)] = [
            (["export", "--format", "ics", ""], "DIR needs a path"),
            (["export", "--format", "json", "-o", ""], "--output needs a path"),
            (["import", ""], "FILE.json|FILE.ics|DIR needs a path"),
            (["import", "ios", ""], "PATH needs a path"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("checklists: \(message), not \"\""), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    /// A path with a newline is named on one line (`\\n` shown, not obeyed): the "Wrote" line
    /// and the warning used to break in two.
    @Test func aPathWithANewlineIsNamedOnOneLine() throws {
        let cli = runner()
        try cli.run("list", "add", "List")
        let file = dir.appending("a\nb.json")
        let folder = dir.appending("d\nir")
        for arguments in [["export", "--format", "json", "-o", file], ["export", "--format", "ics", folder]] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
            #expect(result.stdout.contains("\\n"), "\(result.stdout)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    /// A store whose TombstoneDays was edited out of range (sqlite3, another program) still
    /// backs up into a file that restores: the export carries the nearest allowed value (it
    /// used to copy 99999999, which every import then refused).
    @Test func aStoreWithTombstoneDaysOutOfRangeBacksUpIntoAFileThatRestores() throws {
        let source = runner("source")
        try source.run("item", "add", "List", "Milk")
        for (days, kept) in [("99999999", 36_500), ("-4", 0)] {
            let update = try CLIRunner.execute(
                "/usr/bin/sqlite3",
                [
                    dir.appending("source/checklists.sqlite"),
                    "INSERT OR REPLACE INTO settings VALUES ('TombstoneDays', \(days))",
                ], environment: [:])
            #expect(update.status == 0, "\(update.stderr)")
            let exported = try source.run("export", "--format", "json").stdout
            #expect(exported.contains("\"TombstoneDays\" : \(kept)"), "\(exported)")
            let path = try write(Data(exported.utf8), "edited\(days).json")
            let fresh = runner("fresh\(days)")
            let restored = try fresh.run("import", path)
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(try fresh.run("items", "List").stdout.contains("Milk"))
        }
    }

    /// A store restored with a list and an item at ID 2^53 (the top of the backup's range) gives
    /// the next ones 2^53 + 1 and writes them into its backups: such a backup restores, those
    /// get fresh IDs (it was refused: "lists[1].id 9007199254740993 is out of range").
    @Test func aBackupWithIDsPastTwoToThe53Restores() throws {
        let time = "\"created\":\"2026-01-01T00:00:00Z\",\"modified\":\"2026-01-01T00:00:00Z\""
        let edge = try write(
            Data(
                """
                {"format":"checklists-backup","version":1,"notes":[],"tombstones":[],
                "settings":{"ChecklistItemID":9007199254740993},"lists":[{"id":9007199254740992,"uid":"l-edge",
                "name":"Edge","icon":"No Icon",\(time),"items":[{"id":9007199254740992,"uid":"i-edge",
                "text":"At the edge","checked":false,"remind":false,\(time)}]}]}
                """.utf8), "edge.json")
        let cli = runner()
        let restored = try cli.run("import", edge)
        #expect(restored.status == 0, "\(restored.stderr)")
        try cli.run("list", "add", "Later")
        #expect(try cli.run("item", "add", "Later", "Past the edge").stdout.contains("9007199254740993"))
        #expect(try cli.run("export", "--format", "json", "-o", dir.appending("past.json")).status == 0)

        let fresh = runner("fresh")
        let imported = try fresh.run("import", dir.appending("past.json"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 2 lists, 2 items and 0 notes."), "\(imported.stdout)")
        let texts = try json(fresh.run("items", "Later", "--json").stdout).compactMap { $0["text"] as? String }
        #expect(texts == ["Past the edge"])
        let ids = try json(fresh.run("items", "Edge", "--json").stdout).compactMap { $0["id"] as? Int64 }
        #expect(ids == [9_007_199_254_740_992])
    }

    /// `import -` reads standard input, so a backup kept encrypted (`export -o >(gpg -c > F)`)
    /// comes back through a pipe (`gpg -d F | checklists import -`) without its text on disk;
    /// it said "-: no such file", and a pipe's /dev/fd path is refused as a link.
    @Test func aBackupComesBackFromStandardInput() throws {
        let cli = runner()
        try cli.run("item", "add", "List", "Passport")
        try cli.run("note", "add", "--title", "Ideas", "--body", "two\nlines")
        let backup = try cli.run("export", "--format", "json")
        #expect(backup.status == 0, "\(backup.stderr)")

        let restored = runner("restored")
        let imported = try restored.run("import", "-", stdin: backup.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 1 list, 1 item and 1 note."), "\(imported.stdout)")
        #expect(try restored.run("export", "--format", "json").stdout == backup.stdout)

        let bad = try restored.run("import", "-", stdin: "{\"format\":\"other\",\"version\":1}")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("checklists: standard input: not a valid Checklists backup"), "\(bad.stderr)")
    }

    /// A backup from another data directory, imported where "List" is in use: the backup's
    /// "List" (another uid) is this "List", not a second one, and a second import adds nothing.
    @Test func aBackupIntoAStoreInUseAddsNoSecondList() throws {
        let other = runner("other")
        try other.run("item", "add", "List", "Milk")
        try other.run("list", "add", "Trips")
        try other.run("item", "add", "Trips", "Passport")
        #expect(try other.run("export", "--format", "json", "-o", dir.appending("other.json")).status == 0)
        let cli = runner()
        try cli.run("item", "add", "List", "Bread")
        let first = try cli.run("import", dir.appending("other.json"))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Imported 1 list, 2 items and 0 notes."), "\(first.stdout)")
        func names() throws -> [String] {
            try json(cli.run("lists", "--json").stdout).compactMap { $0["name"] as? String }
        }
        #expect(try names() == ["List", "Trips"])
        let items = try json(cli.run("items", "List", "--json").stdout).compactMap { $0["text"] as? String }
        #expect(items.sorted() == ["Bread", "Milk"])
        let again = try cli.run("import", dir.appending("other.json"))
        #expect(again.stdout.contains("Imported 0 lists, 0 items and 0 notes."), "\(again.stdout)")
        #expect(try names() == ["List", "Trips"])
    }

    @Test func aDamagedBackupImportsNothing() throws {
        let cli = runner()
        let path = try write(Data("{\"format\":\"checklists-backup\",\"version\":1,\"lists\":[{}]}".utf8), "bad.json")
        let result = try cli.run("import", path)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "checklists: \(path): not a valid Checklists backup: lists[0].id is missing; nothing was imported."))
        let newer = try write(Data("{\"format\":\"checklists-backup\",\"version\":2}".utf8), "newer.json")
        #expect(try cli.run("import", newer).stderr.contains("version 2 is newer"))
    }

    @Test func icsExportIsAVdirThatImportsBackOnce() throws {
        let cli = runner()
        try cli.run("list", "add", "Groceries", "--icon", "groceries")
        try cli.run("item", "add", "Groceries", "Milk, 2 l", "--due", "2030-01-02 09:30", "--remind")
        try cli.run("item", "add", "Groceries", "Eggs")
        try cli.run("item", "check", "1")
        let out = dir.appending("vdir")
        let exported = try cli.run("export", "--format", "ics", out)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout.contains("Wrote 2 to-dos"))
        let lists = try json(cli.run("lists", "--json").stdout)
        let groceries = try #require(lists.first { $0["name"] as? String == "Groceries" })
        let folder = out + "/" + (groceries["uid"] as? String ?? "")
        #expect(try String(contentsOfFile: folder + "/displayname", encoding: .utf8) == "Groceries")
        let items = try json(cli.run("items", "Groceries", "--json").stdout)
        let milk = try String(contentsOfFile: folder + "/\(items[0]["uid"] as? String ?? "").ics", encoding: .utf8)
        #expect(milk.contains("SUMMARY:Milk\\, 2 l\r\n") && milk.contains("DUE:20300102T093000Z\r\n"))
        #expect(try cli.run("export", "--format", "ics", out).status == 2)  // not empty

        let other = runner("other")
        let imported = try other.run("import", out)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 1 list, 2 items and 0 notes."))
        let back = try json(other.run("items", "Groceries", "--json").stdout)
        #expect(back.map { $0["uid"] as? String } == items.map { $0["uid"] as? String })
        #expect(back.map { $0["text"] as? String } == ["Milk, 2 l", "Eggs"])
        #expect(back.map { $0["checked"] as? Bool } == [false, true])
        #expect(back.map { $0["remind"] as? Bool } == [true, false])
        #expect(try json(other.run("lists", "--json").stdout).contains { $0["icon"] as? String == "Groceries" })
        #expect(try other.run("import", out).stdout.contains("Imported 0 lists, 0 items and 0 notes."))
        let file = try other.run("import", folder + "/\(items[1]["uid"] as? String ?? "").ics")
        #expect(file.stdout.contains("Already here, skipped: 1 item and 0 notes."), "\(file.stdout)")
    }

    /// An all-day item goes out as a day (`DUE;VALUE=DATE`), its alarm at the hour it reminds,
    /// and comes back all-day at the all-day hour of the store it is imported into.
    @Test func anAllDayItemTravelsThroughACalendarAsADay() throws {
        let cli = runner()
        try cli.run("settings", "all-day-hour", "8")
        try cli.run("item", "add", "List", "Dentist", "--due", "2030-12-24", "--remind")
        let out = dir.appending("vdir")
        #expect(try cli.run("export", "--format", "ics", out).status == 0)
        let item = try #require(try json(cli.run("items", "List", "--json").stdout).first)
        let list = try #require(try json(cli.run("lists", "--json").stdout).first)
        let path = out + "/\(list["uid"] as? String ?? "")/\(item["uid"] as? String ?? "").ics"
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.contains("DUE;VALUE=DATE:20301224\r\n"), "\(file)")
        #expect(file.contains("TRIGGER;VALUE=DATE-TIME:20301224T080000Z\r\n"))

        let other = runner("other")
        try other.run("settings", "all-day-hour", "10")
        #expect(try other.run("import", out).status == 0)
        let back = try #require(try json(other.run("items", "List", "--json").stdout).first)
        #expect(back["allDay"] as? Bool == true && back["remind"] as? Bool == true)
        #expect(back["due"] as? String == "2030-12-24T10:00:00Z")
    }

    /// A list without items is a vdir collection with only its displayname (and icon file).
    @Test func icsExportKeepsEmptyLists() throws {
        let cli = runner()
        try cli.run("list", "add", "Packing", "--icon", "trips")
        try cli.run("list", "add", "Groceries")
        try cli.run("item", "add", "Groceries", "Milk")
        let out = dir.appending("vdir-empty")
        #expect(try cli.run("export", "--format", "ics", out).status == 0)
        let other = runner("other")
        let imported = try other.run("import", out)
        #expect(imported.status == 0, "\(imported.stderr)")
        let lists = try json(other.run("lists", "--json").stdout)
        let packing = try #require(lists.first { $0["name"] as? String == "Packing" })
        #expect(packing["icon"] as? String == "Trips")
        #expect(try json(other.run("items", "Packing", "--json").stdout).isEmpty)
        #expect(try other.run("import", out).stdout.contains("Imported 0 lists, 0 items and 0 notes."))
    }

    @Test func exportNeedsTheLockOpened() throws {
        let cli = runner()
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let result = try cli.run("export", "--format", "json", "-o", dir.appending("x.json"))
        #expect(result.status == 1 && result.stderr.contains("notInteractive"))
        #expect(!FileManager.default.fileExists(atPath: dir.appending("x.json")))
        #expect(try cli.run("export", "--format", "xml").status == 2)
    }
}
