import Foundation
import TestSupport
import Testing

/// checklists-gtk's command line, read before any window opens: run here with no display, so a
/// run that got as far as GTK would fail with "cannot open display" instead.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: DesktopSession.app), "needs checklists-gtk"))
struct DesktopArgumentsTests {
    let dir = TemporaryDirectory()

    func run(_ arguments: String...) throws -> CLIRunner.Result {
        try CLIRunner.execute(
            DesktopSession.app, arguments,
            environment: [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": dir.path, "CHECKLISTS_HOME": dir.appending("home"),
            ])
    }

    @Test func helpAndVersionAnswerAndExit() throws {
        let help = try run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: checklists-gtk [--item ID]\n"))
        let version = try run("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("checklists-gtk "))
    }

    @Test func badArgumentsAreRefusedInOneLine() throws {
        for (arguments, reason) in [
            (["--bogus"], "unknown option --bogus"), (["--item"], "--item needs an item ID"),
            (["--item", "12x"], "item ID must be a number, not \"12x\""),
            (["--item", "99999999999999999999999999"], "No item with ID 99999999999999999999999999."),
            (["--item", "-3"], "item ID must be digits only, without a sign or leading zeros, not \"-3\""),
            (["--item", "+0"], "item ID must be digits only, without a sign or leading zeros, not \"+0\""),
            (["--item", "007"], "item ID must be digits only, without a sign or leading zeros, not \"007\""),
        ] {
            let result = try CLIRunner.execute(
                DesktopSession.app, arguments,
                environment: [
                    "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": dir.path,
                    "CHECKLISTS_HOME": dir.appending("home"),
                ])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "checklists-gtk: \(reason) (see 'checklists-gtk --help')\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appending("home")))
    }
}
