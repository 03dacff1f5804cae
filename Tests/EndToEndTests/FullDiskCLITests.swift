import Foundation
import TestSupport
import Testing

/// A data folder on a full disk: a change is refused in words and nothing stored is lost. The
/// home is copied onto a 1 MiB tmpfs filled to the last block, in a mount namespace of its own
/// (`unshare --mount`, as root); elsewhere the suite is skipped.
@Suite(.enabled(if: ReadOnlyMount.available, "needs root and unshare --mount"))
struct FullDiskCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    /// Runs each command on the full disk, then `after` once the filler is gone; gives each one's
    /// standard output and error (in that order, final newlines dropped) and its exit status.
    func onAFullDisk(_ commands: [[String]], after: [String]) throws -> [(output: String, status: Int32)] {
        func quoted(_ words: [String]) -> String {
            words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        }
        let disk = dir.appending("disk")
        mkdir(disk, 0o700)
        var script = """
            mount -t tmpfs -o size=1m,mode=700 tmpfs \(quoted([disk])) || exit 99
            cp -a \(quoted([home])) \(quoted([disk + "/home"])) || exit 98
            dd if=/dev/zero of=\(quoted([disk + "/fill"])) bs=4k 2>/dev/null
            run() { out=$("$@" 2>/tmp/stderr.$$ </dev/null); s=$?; printf '%s%s@@%d@@' "$out" "$(cat /tmp/stderr.$$)" $s; }

            """
        for command in commands { script += "run \(quoted([CLIRunner.binary, "--home", disk + "/home"] + command))\n" }
        script += "rm \(quoted([disk + "/fill"]))\n"
        script += "run \(quoted([CLIRunner.binary, "--home", disk + "/home"] + after))\nrm -f /tmp/stderr.$$\n"
        let result = try CLIRunner.execute(
            "/usr/bin/unshare", ["--mount", "/bin/sh", "-c", script], environment: cli.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let parts = result.stdout.components(separatedBy: "@@")
        return stride(from: 0, to: parts.count - 1, by: 2).map { (parts[$0], Int32(parts[$0 + 1]) ?? -1) }
    }

    @Test func changesAreRefusedInWordsAndNothingIsLost() throws {
        try cli.run("item", "add", "List", "Pack bags", "--due", "2099-01-01 10:00", "--remind")
        try cli.run("note", "add", "--title", "Packing", "--body", "socks")
        let results = try onAFullDisk(
            [
                ["item", "add", "List", "More"], ["note", "add", "--title", "Later"], ["settings", "item-text", "off"],
            ],
            after: ["export", "--format", "json"])
        try #require(results.count == 4, "\(results)")
        for (output, status) in results[0..<2] {
            // It said "database error 4874: disk I/O error" (the WAL index could not grow).
            #expect(status == 3, "\(output)")
            #expect(output == "checklists: the disk is full; nothing was changed")
        }
        // It said `reminders store: sqlite(code: 13, message: "database or disk is full")`.
        #expect(results[2].status == 3)
        #expect(results[2].output == "checklists: reminders store: the disk is full; nothing was changed")
        let (backup, status) = results[3]
        #expect(status == 0, "\(backup)")
        #expect(backup.contains("\"Pack bags\"") && backup.contains("\"Packing\""))
        #expect(!backup.contains("\"More\"") && !backup.contains("\"Later\""))
    }
}
