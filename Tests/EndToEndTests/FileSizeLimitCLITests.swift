import Foundation
import TestSupport
import Testing

/// A file size limit (`ulimit -f`) is a refusal in words, as a full disk is: a write past it used
/// to end the process with SIGXFSZ (status 153, nothing said), and an export left its
/// unencrypted temporary file beside the target.
@Suite struct FileSizeLimitCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// Runs `checklists ARGS` under a file size limit of `kilobytes`.
    func underLimit(_ kilobytes: Int, _ arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        try CLIRunner.execute(
            "/bin/sh", ["-c", "ulimit -f \(kilobytes) && exec \"$0\" \"$@\"", CLIRunner.binary] + arguments,
            environment: cli.environment, stdin: stdin)
    }

    /// About 600 KB of item texts, one per line.
    static let manyLines = (1...6000).map { "Item \($0) " + String(repeating: "x", count: 90) }.joined(separator: "\n")

    @Test func aChangePastTheLimitIsRefusedAndNothingIsStored() throws {
        try cli.run("item", "add", "List", "Kept")
        let result = try underLimit(256, ["item", "add", "List", "-"], stdin: Self.manyLines)
        #expect(result.status == 3, "\(result.stderr)")
        let refusal = "a file would grow past your file size limit (ulimit -f); nothing was changed"
        #expect(result.stderr == "checklists: \(refusal)\n")
        let items = try cli.run("items", "List")
        #expect(items.status == 0, "\(items.stderr)")
        #expect(items.stdout.contains("Kept") && !items.stdout.contains("Item 1 "))
    }

    @Test func anExportPastTheLimitLeavesNoFileBehind() throws {
        try cli.run("item", "add", "List", "-", stdin: Self.manyLines)
        let exports = dir.appending("exports")
        mkdir(exports, 0o700)
        let result = try underLimit(256, ["export", "--format", "json", "-o", exports + "/backup.json"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("backup.json: File too large"), "\(result.stderr)")
        // The unencrypted temporary file (`backup.json.tmp-…`) stayed after SIGXFSZ.
        #expect(try FileManager.default.contentsOfDirectory(atPath: exports) == [])
    }
}
