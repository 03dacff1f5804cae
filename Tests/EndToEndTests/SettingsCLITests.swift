import Foundation
import TestSupport
import Testing

/// `checklists settings`: the all-day hour that a day without a time is due at.
@Suite struct SettingsCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner {
        CLIRunner(home: dir.appending("home"), environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "TZ": "UTC"])
    }

    func due(_ text: String) throws -> String? {
        let item = try #require(try cli.json("item", "add", "List", "Thing", "--due", text) as? [String: Any])
        return item["due"] as? String
    }

    @Test func aDayWithoutATimeIsDueAtTheAllDayHour() throws {
        #expect(try due("2030-06-01")?.hasPrefix("2030-06-01T09:00:00") == true)
        #expect(try cli.run("settings", "all-day-hour", "7").status == 0)
        #expect(try due("2030-06-02")?.hasPrefix("2030-06-02T07:00:00") == true)
        // A time given keeps its time.
        #expect(try due("2030-06-02 18:30")?.hasPrefix("2030-06-02T18:30:00") == true)
        let settings = try #require(try cli.json("settings") as? [String: String])
        #expect(settings["allDayHour"] == "7")
        #expect(try cli.run("settings").stdout.contains("7:00"))
    }

    @Test func anHourOutsideTheDayIsRefusedAndChangesNothing() throws {
        for bad in ["24", "-1", "nine", ""] {
            let result = try cli.run("settings", "all-day-hour", bad)
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.contains("all-day-hour takes an hour from 0 to 23"))
        }
        let settings = try #require(try cli.json("settings") as? [String: String])
        #expect(settings["allDayHour"] == "9")
    }

    /// An unknown name is named as unknown, whatever follows it, and a known one without its
    /// value is told the value it takes (`settings all-day-hour` said "needs on or off", and
    /// `settings foo bar` "foo takes on or off").
    @Test func aMistakeIsNamedForTheSettingItIsAbout() throws {
        let unknown = "unknown setting \"foo\"; use notifications, item-text or all-day-hour"
        let cases: [([String], String)] = [
            (["foo"], unknown), (["foo", "bar"], unknown), (["foo", "on"], unknown),
            (["all-day-hour"], "all-day-hour takes an hour from 0 to 23"),
            (["notifications"], "notifications needs on or off"),
            (["item-text", "maybe"], "item-text takes on or off"),
        ]
        for (words, message) in cases {
            let result = try cli.run(arguments: ["settings"] + words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.hasPrefix("checklists: \(message) (see "), "\(words): \(result.stderr)")
        }
        let settings = try #require(try cli.json("settings") as? [String: String])
        #expect(settings["allDayHour"] == "9")
    }

    @Test func itemTextStaysAsItWasWhenTheUnlockIsRefused() throws {
        var locked = cli
        locked.environment["CHECKLISTS_PASSCODE_COST"] = "min"
        try locked.run("settings", "notifications", "on")
        try locked.run("item", "add", "List", "Call the notary", "--due", "2099-01-01 10:00", "--remind")
        #expect(try locked.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        // No terminal to ask on: refused, and the setting and the pending reminder stay as
        // they were (the setting used to flip before the unlock, so it said off while the
        // item's text stayed in reminders.sqlite).
        let refused = try locked.run("settings", "item-text", "off")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notInteractive"))
        let settings = try #require(try locked.json("settings") as? [String: String])
        #expect(settings["itemText"] == "on")
    }
}
