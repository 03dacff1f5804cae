import Foundation
import TestSupport
import Testing

/// Ctrl-C, a closed terminal or a `kill` during a calendar export ends it without leaving the
/// hidden staging folder of unencrypted to-dos (`.DIR.partial-XXXXXX`) beside DIR: it used to
/// stay for good, with every to-do written so far.
@Suite struct InterruptedExportCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var exports: String { dir.appending("exports") }
    var cli: CLIRunner { CLIRunner(home: home) }

    init() throws {
        // Enough to-dos that writing them takes a while (one file each).
        let lines = (1...20_000).map { "Private item \($0)" }.joined(separator: "\n")
        let added = try cli.run("item", "add", "List", "-", stdin: lines)
        try #require(added.status == 0, "\(added.stderr)")
        mkdir(exports, 0o700)
    }

    func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Starts `export --format ics EXPORTS/cal` and waits until its staging folder holds a file.
    func startExport() throws -> pid_t {
        let pid = try CLIRunner.spawnDetached(
            CLIRunner.binary, ["export", "--format", "ics", exports + "/cal"], environment: cli.environment,
            stdin: "")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: exports)) ?? []
            if let staging = names.first(where: { $0.hasPrefix(".cal.partial-") }),
                let lists = try? FileManager.default.contentsOfDirectory(atPath: exports + "/" + staging),
                !lists.isEmpty
            {
                return pid
            }
            usleep(2_000)
        }
        kill(pid, SIGKILL)
        throw RigError(name: "export", message: "the export never started writing")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aStoppedExportLeavesNoUnencryptedCopy(_ signal: Int32) throws {
        let pid = try startExport()
        kill(pid, signal)
        #expect(exitStatus(of: pid) == 128 + signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports) == [])
        // The same export then runs to the end.
        let again = try cli.run("export", "--format", "ics", exports + "/cal")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports) == ["cal"])
    }
}
