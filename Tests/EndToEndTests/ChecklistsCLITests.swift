import Foundation
import TestSupport
import Testing

/// Drives the built `checklists` binary against a temporary home, as a user would.
@Suite struct ChecklistsCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }

    @Test func firstRunShowsTheDefaultList() throws {
        let result = try cli.run("lists")
        #expect(result.status == 0)
        #expect(result.stdout.contains("List"))
        #expect(result.stdout.contains("No Items"))
        let lists = try #require(try cli.json("lists") as? [[String: Any]])
        #expect(lists.count == 1)
        #expect(
            Set(lists[0].keys) == ["id", "uid", "name", "icon", "remaining", "total", "status", "created", "modified"])
    }

    @Test func managesListsAndItems() throws {
        #expect(try cli.run("list", "add", "Groceries", "--icon", "groceries").status == 0)
        #expect(
            try cli.run("item", "add", "Groceries", "Buy", "milk", "--due", "2030-01-02 09:30", "--remind").status == 0)
        #expect(try cli.run("item", "add", "groceries", "Eggs").status == 0)
        #expect(try cli.run("item", "toggle", "1").status == 0)
        let shown = try cli.run("items", "Groceries")
        #expect(shown.stdout.contains("Groceries — 1 Remaining"))
        #expect(shown.stdout.contains("[ ] 0  Buy milk"))
        #expect(shown.stdout.contains("🔔"))
        #expect(shown.stdout.contains("[✓] 1  Eggs"))
        let items = try #require(try cli.json("items", "Groceries") as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["Buy milk", "Eggs"])
        #expect(items[0]["due"] as? String == "2030-01-02T09:30:00Z")
        #expect(items[1]["due"] is NSNull)
        #expect(try cli.run("lists").stdout.contains("Groceries  1 Remaining"))
    }

    /// `search` finds items in every list (letter case and accents aside), under their lists,
    /// and exits 1 when none matches, as grep does.
    @Test func searchFindsItemsInEveryList() throws {
        try cli.run("list", "add", "Groceries", "--icon", "groceries")
        try cli.run("item", "add", "Groceries", "Milk")
        try cli.run("item", "add", "Groceries", "Eggs")
        try cli.run("list", "add", "Café")
        try cli.run("item", "add", "Café", "Oat MILK")
        try cli.run("item", "add", "Café", "Crème brûlée")
        let found = try cli.run("search", "milk")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout == "· Café\n[ ] 2  Oat MILK\n🛒 Groceries\n[ ] 0  Milk\n", "\(found.stdout)")
        #expect(try cli.run("search", "creme", "brulee").stdout.contains("Crème brûlée"))
        let json = try #require(try cli.json("search", "MILK") as? [[String: Any]])
        #expect(json.map { $0["text"] as? String } == ["Oat MILK", "Milk"])
        let none = try cli.run("search", "bread\u{1B}[2J")
        #expect(none.status == 1 && none.stdout.isEmpty)
        #expect(none.stderr == "checklists: No item contains “bread\\e[2J”.\n", "\(none.stderr)")
    }

    @Test func itemsWithoutAListShowsTheListOpenedLast() throws {
        try cli.run("list", "add", "Trips")
        try cli.run("item", "add", "Trips", "Passport")
        #expect(try cli.run("items").stdout.contains("List — No Items"))
        try cli.run("items", "Trips")
        #expect(try cli.run("items").stdout.contains("Passport"))
    }

    @Test func editKeepsTheIDAndAddsNoCopy() throws {
        try cli.run("item", "add", "List", "Old text")
        let edited = try cli.run("item", "edit", "0", "--text", "New text", "--due", "tomorrow 9:00")
        #expect(edited.status == 0)
        let items = try #require(try cli.json("items", "List") as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["id"] as? Int == 0)
        #expect(items[0]["text"] as? String == "New text")
    }

    @Test func badInputIsOneLineAndChangesNothing() throws {
        try cli.run("item", "add", "List", "Keep me")
        let before = try cli.run("items", "List", "--json").stdout
        let cases: [([String], Int32)] = [
            (["list", "add", ""], 2),
            (["list", "add", "X", "--icon", "Rocket"], 2),
            (["item", "add", "List", "x", "--due", "31/12/2026"], 2),
            (["item", "add", "List", "   "], 2),
            (["item", "edit", "0", "--text", ""], 2),
            (["item", "edit", "42", "--text", "y"], 1),
            (["item", "toggle", "abc"], 2),
            (["item", "delete", "42"], 1),
            (["list", "delete", "Nope"], 1),
            (["lists", "--frobnicate"], 2),
            (["frobnicate"], 2),
        ]
        for (arguments, status) in cases {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(try cli.run("items", "List", "--json").stdout == before)
        #expect(try cli.run("lists", "--json").stdout.contains("\"X\"") == false)
    }

    @Test func ambiguousNamesListTheCandidates() throws {
        try cli.run("list", "add", "Chores")
        try cli.run("list", "add", "chores")
        let result = try cli.run("items", "CHORES")
        #expect(result.status == 1)  // a refusal, as the README documents
        #expect(result.stderr.contains("2 (Chores)"))
        #expect(result.stderr.contains("3 (chores)"))
    }

    @Test func damagedDatabaseExitsThreeAndStaysUntouched() throws {
        try FileManager.default.createDirectory(atPath: cli.home, withIntermediateDirectories: true)
        let junk = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try junk.write(to: URL(fileURLWithPath: cli.home + "/checklists.sqlite"))
        let result = try cli.run("lists")
        #expect(result.status == 3)
        #expect(result.stderr.contains("left untouched"))
        #expect(FileManager.default.contents(atPath: cli.home + "/checklists.sqlite") == junk)
    }

    @Test func everyCommandHasHelp() throws {
        let overview = try cli.run("--help")
        #expect(overview.status == 0)
        let commands = overview.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        let usages = commands.filter { $0.hasPrefix("  ") && !$0.hasPrefix("      ") }
        #expect(usages.count >= 12)
        for usage in usages {
            let words = usage.split(separator: " ").prefix { $0.first!.isLowercase }.map(String.init)
            let help = try cli.run(arguments: words + ["--help"])
            #expect(help.status == 0, "\(words)")
            #expect(help.stdout.hasPrefix("Usage: checklists \(words.joined(separator: " "))"), "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.home), "help must not create data")
    }

    @Test func homeOptionWorksBeforeOrAfterTheCommand() throws {
        let other = dir.appending("other")
        try cli.run("--home", other, "list", "add", "Elsewhere")
        #expect(try cli.run("lists", "--home", other).stdout.contains("Elsewhere"))
        #expect(try !cli.run("lists").stdout.contains("Elsewhere"))
    }

    @Test func sortsNamesInTheUsersLocale() throws {
        for name in ["List 10", "list 2", "中文", "阿姨"] { try cli.run("list", "add", name) }
        let english = try cli.run("lists").stdout
        #expect(english.range(of: "list 2")!.lowerBound < english.range(of: "List 10")!.lowerBound)
        var chinese = cli
        chinese.environment["LC_ALL"] = "zh_CN.UTF-8"
        let zh = try chinese.run("lists").stdout
        #expect(zh.range(of: "阿姨")!.lowerBound < zh.range(of: "中文")!.lowerBound)
    }

    @Test func databaseNeverHoldsPlaintext() throws {
        try cli.run("list", "add", "Birthday surprise", "--icon", "Birthdays")
        try cli.run("item", "add", "Birthday surprise", "Order the cake")
        let bytes = try dir.allBytes()
        for secret in ["Birthday", "cake", "Birthdays"] {
            let leaked = bytes.contains(utf8: secret)
            #expect(!leaked, "\(secret) leaked")
        }
    }
}

/// `checklists reminders` and the messages about reminders that cannot fire.
@Suite struct RemindersCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }

    @Test func listsPendingRemindersAndExplainsOnesThatWillNotFire() throws {
        try cli.run("settings", "notifications", "on")
        try cli.run("item", "add", "List", "Dentist", "--due", "2030-05-04 14:30", "--remind")
        try cli.run("item", "add", "List", "No reminder", "--due", "2030-05-05 10:00")
        let past = try cli.run("item", "add", "List", "Yesterday", "--due", "2020-01-01 09:00", "--remind")
        #expect(past.stderr.contains("the due date is in the past, so no reminder will fire"))
        let shown = try cli.run("reminders")
        #expect(shown.stdout.contains("Dentist  (List · due May 4, 2030 at 2:30"))
        #expect(!shown.stdout.contains("Yesterday"))
        let json = try #require(try cli.json("reminders") as? [[String: Any]])
        #expect(json.map { $0["title"] as? String } == ["Dentist"])
        #expect(json.first?["fireAt"] as? String == "2030-05-04T14:30:00Z")
        try cli.run("item", "edit", "0", "--no-remind")
        #expect(try cli.run("reminders").stdout == "No reminders are scheduled.\n")
    }
}
