import Foundation
import PrivateFiles
import TestSupport
import Testing

/// The import and export progress bar: drawn on a terminal once the work takes half a second,
/// cleared at the end, and never written into a pipe or with --quiet.
@Suite struct ProgressBarCLITests {
    let dir = TemporaryDirectory()

    func runner(_ name: String) -> CLIRunner {
        CLIRunner(
            home: dir.appending(name),
            environment: [
                "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            ])
    }

    /// A backup of one list with `count` items: big enough that even a debug build spends well
    /// over half a second adding them.
    func backup(items count: Int) throws -> String {
        let time = "\"created\":\"2026-01-01T00:00:00Z\",\"modified\":\"2026-01-01T00:00:00Z\""
        var text = "{\"format\":\"checklists-backup\",\"version\":1,\"lists\":[{\"id\":1,"
        text += "\"uid\":\"big-list\",\"name\":\"Big\",\"icon\":\"No Icon\",\(time),\"items\":["
        text += (0..<count).map { n in
            "{\"id\":\(n),\"uid\":\"item-\(n)\",\"text\":\"Item \(n)\",\"checked\":false,\"remind\":false,\(time)}"
        }.joined(separator: ",")
        text += "]}],\"notes\":[],\"tombstones\":[],\"settings\":{}}"
        let path = dir.appending("big.json")
        try SecureFile.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    @Test func theBarIsDrawnOnATerminalOnly() throws {
        let path = try backup(items: 40_000)
        let terminal = try PtySession(
            [CLIRunner.binary, "import", path],
            environment: runner("tty").environment.merging(["TERM": "xterm"]) {
                _, b in b
            })
        #expect(try terminal.wait(timeout: 300) == 0)
        let screen = terminal.transcript
        #expect(screen.contains("\rImporting ["), "\(screen.suffix(300))")
        #expect(screen.contains("/40000"))
        #expect(screen.contains("\r\u{1B}[K"))  // cleared before the summary
        #expect(screen.contains("Imported 1 list, 40000 items and 0 notes."))

        let piped = try runner("pipe").run("import", path)
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("Importing") && !piped.stdout.contains("Importing"))
        #expect(!piped.stderr.contains("\u{1B}") && !piped.stdout.contains("\u{1B}"))

        let quiet = try PtySession(
            [CLIRunner.binary, "import", path, "--quiet"],
            environment: runner("quiet").environment.merging(["TERM": "xterm"]) { _, b in b })
        #expect(try quiet.wait(timeout: 300) == 0)
        #expect(!quiet.transcript.contains("Importing"))
    }
}
