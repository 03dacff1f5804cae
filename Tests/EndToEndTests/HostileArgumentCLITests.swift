import Foundation
import TestSupport
import Testing

/// Arguments and environment a user gets wrong, or an attacker chooses: each is one clear line
/// and exit status 2, and nothing is written.
@Suite struct HostileArgumentCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }

    // "-1" and "9223372036854775808" have their own messages now (RecordIDCLITests).
    @Test(arguments: ["x", "", "1x"])
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

    /// `--home --json lists` took `--json` as the folder: it made `./--json` wherever the user
    /// stood and printed text instead of JSON. An option where a value belongs is one line, exit 2.
    @Test(arguments: [["--home", "--json", "lists"], ["lists", "--home", "--json"], ["--home", "-h", "lists"]])
    func anOptionWhereAValueBelongsIsRefused(_ words: [String]) throws {
        let result = try runInDirectory(words)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--home needs a value, not the option"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appending("cwd")).isEmpty)
    }

    /// `-` means standard input everywhere else; `--home -` made a folder `./-`.
    @Test func aDashIsNoHome() throws {
        let result = try runInDirectory(["--home", "-", "lists"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("checklists: --home needs a directory, not \"-\""), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appending("cwd")).isEmpty)
    }

    /// 2011-12-30 never happened in Samoa (the zone skipped the day to the west of the date line):
    /// the message says so instead of listing the date forms as if the text were misspelt.
    @Test(arguments: ["2011-12-30", "2011-12-30 10:00", "30 dec 2011 9am"])
    func aDayTheZoneSkipsIsNamedAsSuch(_ due: String) throws {
        var cli = cli
        cli.environment["TZ"] = "Pacific/Apia"
        try cli.run("list", "add", "Samoa")
        let result = try cli.run("item", "add", "Samoa", "x", "--due", due)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("does not exist in the time zone Pacific/Apia: its clocks skip that day"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("Use a day, a time, or both"))
        // The days around it are fine.
        #expect(try cli.run("item", "add", "Samoa", "y", "--due", "2011-12-31").status == 0)
        #expect(try cli.run("item", "add", "Samoa", "z", "--due", "2011-12-29 23:00").status == 0)
    }

    /// Runs `checklists WORDS` in a fresh, empty working directory (`dir/cwd`).
    func runInDirectory(_ words: [String]) throws -> CLIRunner.Result {
        let cwd = dir.appending("cwd")
        try FileManager.default.createDirectory(atPath: cwd, withIntermediateDirectories: true)
        return try CLIRunner.execute(
            "/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", cwd, CLIRunner.binary] + words,
            environment: cli.environment)
    }
}
