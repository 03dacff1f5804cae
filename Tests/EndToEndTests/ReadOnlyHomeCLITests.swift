import Foundation
import TestSupport
import Testing

/// A data folder on read-only media (a mounted backup, a write-protected stick): every command
/// that only reads works, an export can be made from it, and a change is refused in words.
/// Each command runs in a mount namespace of its own where the home is bound read-only
/// (`unshare --mount`, as root); elsewhere the suite is skipped.
@Suite(.enabled(if: ReadOnlyMount.available, "needs root and unshare --mount"))
struct ReadOnlyHomeCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    /// Runs `checklists ARGUMENTS` with the home bound read-only.
    func readOnly(_ arguments: String...) throws -> CLIRunner.Result {
        let script = "mount --bind \"$1\" \"$1\" && mount -o remount,bind,ro \"$1\" && shift && exec \"$@\""
        return try CLIRunner.execute(
            "/usr/bin/unshare", ["--mount", "/bin/sh", "-c", script, "sh", home, CLIRunner.binary] + arguments,
            environment: cli.environment)
    }

    @Test func readsAndExportsButRefusesChanges() throws {
        try cli.run("item", "add", "List", "Pack bags")
        try cli.run("note", "add", "--title", "Packing", "--body", "socks")

        let items = try readOnly("items", "List")
        #expect(items.status == 0, "\(items.stderr)")
        #expect(items.stdout.contains("Pack bags"))
        #expect(try readOnly("notes").stdout.contains("Packing"))

        let backup = dir.appending("backup.json")
        let export = try readOnly("export", "--format", "json", "-o", backup)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try String(contentsOfFile: backup, encoding: .utf8).contains("Pack bags"))

        let add = try readOnly("item", "add", "List", "More")
        #expect(add.status == 3)
        #expect(
            add.stderr
                == "checklists: the store cannot be changed: its folder or files are read-only; nothing was changed\n")
        // Writable again, nothing was lost.
        #expect(try cli.run("items", "List").stdout.contains("Pack bags"))
    }
}

/// Whether this process may bind a folder read-only in a mount namespace of its own.
enum ReadOnlyMount {
    static var available: Bool {
        getuid() == 0
            && (try? CLIRunner.execute("/usr/bin/unshare", ["--mount", "/bin/true"], environment: [:]).status) == 0
    }
}
