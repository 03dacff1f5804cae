import Foundation
import TestSupport
import Testing

/// `TZ` in the forms glibc reads (and systemd and many guides set) is the zone it names: with
/// `TZ=:Europe/Berlin`, a zone file's path or `JST-9`, `--due "2026-07-01 12:00"` used to be
/// saved as 12:00 UTC (two, five and a half or nine hours off) and shown in UTC.
@Suite struct TimeZoneFormCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }

    func added(tz: String) throws -> CLIRunner.Result {
        let cli = CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "TZ": tz])
        return try cli.run("item", "add", "List", "Call", "--due", "2026-07-01 12:00", "--json")
    }

    @Test(arguments: [
        (":Europe/Berlin", "2026-07-01T12:00:00+02:00"),
        ("/usr/share/zoneinfo/Asia/Kolkata", "2026-07-01T12:00:00+05:30"),
        (":/usr/share/zoneinfo/America/New_York", "2026-07-01T12:00:00-04:00"),
        ("JST-9", "2026-07-01T12:00:00+09:00"),
        ("<-03>3", "2026-07-01T12:00:00-03:00"),
    ])
    func aDueDateIsReadAndShownInTheZoneTZNames(_ tz: String, _ due: String) throws {
        let result = try added(tz: tz)
        #expect(result.status == 0, "\(tz): \(result.stderr)")
        #expect(result.stdout.contains("\"due\" : \"\(due)\""), "\(tz): \(result.stdout)")
        let cli = CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "TZ": tz])
        #expect(try cli.run("items", "List").stdout.contains("Jul 1, 2026 at 12:00 PM"), "\(tz)")
    }

    /// A summer-time rule or an offset with minutes, which Foundation cannot follow, is
    /// refused, not read as UTC.
    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "<+0530>-5:30"])
    func aRuleFoundationCannotFollowIsRefused(_ tz: String) throws {
        let result = try added(tz: tz)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not a time zone this system knows"))
    }
}
