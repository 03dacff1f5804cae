import Foundation
import TestSupport
import Testing

/// Arguments and environment a user gets wrong, or an attacker chooses: each is one clear line
/// and exit status 2, and nothing is written.
@Suite struct HostileArgumentCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }

    @Test(arguments: ["-1", "x", "", "9223372036854775808"])
    func aBadNoteIDNamesANote(_ id: String) throws {
        for command in [["note", "show", id], ["note", "edit", id, "--title", "t"], ["note", "delete", id]] {
            let result = try cli.run(arguments: command)
            #expect(result.status == 2)
            #expect(result.stderr.contains("note ID must be a number, not \"\(id)\""), "\(result.stderr)")
        }
    }

    /// glibc reads a file that is not a zone, or an offset past 24 hours, as UTC without a word:
    /// a due date typed in such a `TZ` would be saved hours off.
    @Test(arguments: ["/etc/passwd", "UTC+99", ":/etc/hostname"])
    func aTZThatIsNotAZoneIsRefused(_ tz: String) throws {
        var cli = cli
        cli.environment["TZ"] = tz
        let result = try cli.run("item", "add", "List", "x", "--due", "tomorrow 9am")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("is not a time zone this system knows"), "\(result.stderr)")
    }
}
