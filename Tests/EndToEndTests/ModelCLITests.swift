import Foundation
import TestSupport
import Testing

/// The model for sync through the CLI: uids and times in `--json`, tombstones, and ciphertexts
/// bound to the uid.
@Suite struct ModelCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }
    var database: String { dir.appending("home") + "/checklists.sqlite" }

    func sqlite(_ sql: String) throws -> String {
        let result = try CLIRunner.execute("/usr/bin/sqlite3", [database, sql], environment: [:])
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func object(_ arguments: String...) throws -> [String: Any] {
        let result = try cli.run(arguments: arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require((parsed as? [[String: Any]])?.first ?? parsed as? [String: Any])
    }

    @Test func jsonShowsUidsThatEditsAndTogglesKeep() throws {
        let list = try object("list", "add", "Trip")
        let item = try object("item", "add", "Trip", "Pack", "--due", "2030-01-02 09:30")
        let uid = try #require(item["uid"] as? String)
        #expect(UUID(uuidString: uid) != nil && uid == uid.lowercased())
        #expect(item["id"] as? Int == 0)
        #expect(item["created"] as? String == item["modified"] as? String)
        #expect((item["modified"] as? String)?.hasSuffix("Z") == true)  // the style of "due" (TZ=UTC)
        for command in [["item", "edit", "0", "--text", "Pack bags"], ["item", "toggle", "0"]] {
            #expect(try cli.run(arguments: command).status == 0)
        }
        #expect(try object("items", "Trip")["uid"] as? String == uid)
        #expect(try object("list", "edit", "Trip", "--name", "Journey")["uid"] as? String == list["uid"] as? String)
        #expect(try object("lists")["uid"] is String)
    }

    /// `--due` with a day alone (ISO, a word, Chinese) makes an all-day item: listed with its
    /// date only, `allDay` in `--json` with `due` at the all-day hour; a due date with a time
    /// makes it timed again, and editing something else keeps it all-day.
    @Test func aDayWithoutATimeMakesAnAllDayItem() throws {
        try cli.run("list", "add", "Errands")
        let added = try object("item", "add", "Errands", "Dentist", "--due", "2030-12-24")
        #expect(added["allDay"] as? Bool == true)
        #expect(added["due"] as? String == "2030-12-24T09:00:00Z")
        #expect(try object("item", "add", "Errands", "Post", "--due", "2030-12-24 15:00")["allDay"] as? Bool == false)
        #expect(try object("item", "add", "Errands", "Gym", "--due", "明天")["allDay"] as? Bool == true)
        #expect(try object("item", "add", "Errands", "Milk")["allDay"] as? Bool == false)
        let listing = try cli.run("items", "Errands").stdout
        let lines = listing.split(separator: "\n").map(String.init)
        let dentist = try #require(lines.first { $0.contains("Dentist") })
        let post = try #require(lines.first { $0.contains("Post") })
        #expect(dentist.contains("(due Dec 24, 2030)"), "\(dentist)")
        #expect(post.contains("3:00") && post.contains("Dec 24, 2030"), "\(post)")

        #expect(try object("item", "edit", "0", "--text", "Dentist, bring card")["allDay"] as? Bool == true)
        let timed = try object("item", "edit", "0", "--due", "2030-12-24 08:30")
        #expect(timed["allDay"] as? Bool == false && timed["due"] as? String == "2030-12-24T08:30:00Z")
        #expect(try object("item", "edit", "0", "--due", "tomorrow")["allDay"] as? Bool == true)
        #expect(try object("item", "edit", "0", "--no-due")["allDay"] as? Bool == false)
        #expect(try sqlite("SELECT group_concat(all_day) FROM (SELECT all_day FROM items ORDER BY id)") == "0,0,1,0")
    }

    /// The all-day hour setting decides when a day alone is due and reminds; changing it moves
    /// the all-day items and their reminders, not the timed ones.
    @Test func anAllDayItemIsDueAtTheAllDayHour() throws {
        #expect(try cli.run("settings", "all-day-hour", "7").status == 0)
        let added = try object("item", "add", "List", "Dentist", "--due", "2030-12-24", "--remind")
        #expect(added["allDay"] as? Bool == true && added["due"] as? String == "2030-12-24T07:00:00Z")
        #expect(try object("reminders")["fireAt"] as? String == "2030-12-24T07:00:00Z")
        _ = try object("item", "add", "List", "Post", "--due", "2030-12-24 07:00")
        #expect(try cli.run("settings", "all-day-hour", "10").status == 0)
        let result = try cli.run("items", "List", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["due"] as? String } == ["2030-12-24T10:00:00Z", "2030-12-24T07:00:00Z"])
        #expect(items[0]["modified"] as? String == added["modified"] as? String)
        #expect(try object("reminders")["fireAt"] as? String == "2030-12-24T10:00:00Z")
    }

    @Test func notesShowTheirUidAndTimesInJSON() throws {
        let note = try object("note", "add", "--title", "Plans", "--body", "x")
        let uid = try #require(note["uid"] as? String)
        #expect(UUID(uuidString: uid) != nil)
        #expect(note["created"] is String)
        #expect(try object("note", "edit", "1", "--body", "y")["uid"] as? String == uid)
        #expect(try object("notes")["uid"] as? String == uid)
    }

    @Test func deletingAListLeavesTombstonesForItAndItsItems() throws {
        try cli.run("list", "add", "Trip")
        for text in ["a", "b"] { try cli.run("item", "add", "Trip", text) }
        let uids = try sqlite("SELECT group_concat(uid) FROM (SELECT uid FROM items ORDER BY id)")
        let listUID = try sqlite("SELECT uid FROM checklists WHERE id = 2")
        #expect(try cli.run("list", "delete", "Trip").status == 0)
        let buried = try sqlite(
            "SELECT group_concat(uid) FROM (SELECT uid FROM tombstones WHERE kind = 'item' ORDER BY uid)")
        #expect(buried == uids.split(separator: ",").sorted().joined(separator: ","))
        #expect(try sqlite("SELECT kind FROM tombstones WHERE uid = '\(listUID)'") == "list")
    }

    @Test func aCiphertextCopiedToAnotherItemIsReportedUndecryptable() throws {
        for text in ["first", "second", "third"] { try cli.run("item", "add", "List", text) }
        _ = try sqlite("UPDATE items SET text = (SELECT text FROM items WHERE id = 0) WHERE id = 1")
        let result = try cli.run("items", "List")
        #expect(result.status == 3)
        #expect(result.stdout.contains("first") && result.stdout.contains("third"))
        #expect(result.stderr.contains("1 item of List could not be decrypted (ID 1)"))
    }
}
