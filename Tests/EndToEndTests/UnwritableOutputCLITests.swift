import Foundation
import TestSupport
import Testing

/// Output that cannot be written is an error: `checklists items > /dev/full` (a full disk) or
/// with standard output closed used to exit 0 with nothing written, so a script saving
/// `checklists lists --json > lists.json` on a full disk was told it had worked.
@Suite struct UnwritableOutputCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test(arguments: [">/dev/full", ">&-"])
    func aCommandWhoseOutputIsLostFailsAndSaysWhy(_ redirection: String) throws {
        try cli.run("item", "add", "List", "Milk")
        for arguments in [["items", "List"], ["lists", "--json"], ["item", "check", "0"], ["notes"]] {
            let result = try cli.run(redirecting: redirection, arguments)
            #expect(result.status == 3, "\(arguments) \(redirection)")
            #expect(result.stderr.hasPrefix("checklists: standard output: "), "\(arguments) \(redirection)")
        }
        // The change itself was made; only its confirmation was lost.
        #expect(try cli.run("items", "List").stdout.contains("[✓] 0  Milk"))
    }

    @Test func outputThatIsWrittenStillSucceeds() throws {
        let result = try cli.run(redirecting: ">/dev/null", ["lists"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }
}
