import Foundation
import TestSupport
import Testing

/// A store built the way people build one — one `checklists` process per change, over ten
/// thousand of them — and then every command run on it.
@Suite struct VolumeTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// Item adds; with the edits, toggles and deletes mixed in, about 10,700 processes.
    static let adds = 10_050

    /// The binary that builds the store: the release build (`$CHECKLISTS_RELEASE_BIN`, which
    /// scripts/test.sh sets) when there is one, else the binary under test. A debug process
    /// spends most of its ~27 ms in the dynamic linker; the release one is several times faster,
    /// and the commands below still run the binary under test.
    static var builder: String {
        let release = ProcessInfo.processInfo.environment["CHECKLISTS_RELEASE_BIN"] ?? ""
        return !release.isEmpty && access(release, X_OK) == 0 ? release : CLIRunner.binary
    }

    /// Builds the store with `xargs -P 3` from a shell script, while an idle `sqlite3` keeps the
    /// database open (so no close can delete the WAL) and the WAL's size is sampled.
    /// - Returns: The largest WAL size seen, in bytes, and what the build wrote to standard error
    ///   when it failed (nil when it succeeded).
    static func build(home: String, environment: [String: String]) throws -> (walPeak: Int, failure: String?) {
        let script = #"""
            B="$0"; H="$1"; N="$2"
            "$B" --home "$H" list add Big >/dev/null || exit 90
            mkfifo "$H.hold"
            sqlite3 -cmd 'SELECT count(*) FROM settings;' "$H/checklists.sqlite" <"$H.hold" >/dev/null & holder=$!
            exec 3>"$H.hold"
            (while [ ! -e "$H.done" ]; do stat -c %s "$H/checklists.sqlite-wal" 2>/dev/null; sleep 0.2; done) \
                >"$H.wal" & sampler=$!
            awk -v n="$N" 'BEGIN {
                for (i = 0; i < n; i++) {
                    print "item add Big i" i
                    if (i % 40 == 39) { print "item edit " i - 20 " --text e" i; print "item toggle " i - 10 }
                    if (i % 80 == 79) print "item delete " i - 30
                }
            }' | xargs -P 3 -L 1 "$B" --home "$H" >/dev/null 2>"$H.errors"
            status=$?
            touch "$H.done"; wait $sampler
            exec 3>&-; wait $holder
            sort -n "$H.wal" | tail -1
            exit $status
            """#
        let run = try CLIRunner.execute(
            "/bin/sh", ["-c", script, builder, home, String(adds)], environment: environment)
        let errors = (try? String(contentsOfFile: home + ".errors", encoding: .utf8)) ?? ""
        let peak = Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return (peak, run.status == 0 ? nil : "status \(run.status): \(run.stderr) \(errors.prefix(500))")
    }

    @Test func tenThousandProcessesLeaveAStoreEveryCommandReads() async throws {
        let started = Date()
        // Minutes of waiting on processes: on a thread of its own, not one of the pool's two.
        let (storeHome, environment) = (self.home, cli.environment)
        let (walPeak, failure) = try await BlockingWork.run {
            try Self.build(home: storeHome, environment: environment)
        }
        #expect(failure == nil, "build: \(failure ?? "")")
        let built = Date().timeIntervalSince(started)
        // The WAL is checkpointed and cut back as it goes: bounded, whatever the history.
        #expect(walPeak <= 3 << 20, "WAL peaked at \(walPeak) bytes")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.run("items", "Big", "--json").stdout.utf8))
                as? [[String: Any]])
        let ids = items.compactMap { $0["id"] as? Int }
        #expect(ids.count == Self.adds - Self.adds / 80)
        #expect(ids.max() ?? 0 >= 10_000)

        let last = String(ids.max() ?? 0)
        let commands: [[String]] = [
            [], ["lists"], ["icons"], ["items"], ["items", "Big"], ["items", "List"], ["items", "Nope"],
            ["list", "add", "Volume"], ["list", "edit", "Volume", "--name", "Volume 2", "--icon", "trips"],
            ["list", "delete", "Volume 2"], ["item", "add", "Big", "last"], ["item", "edit", last, "--text", "x"],
            ["item", "toggle", last], ["item", "check", last], ["item", "uncheck", last], ["item", "delete", last],
            ["item", "toggle", "99999999999999999999"], ["item", "delete", "123456789"], ["notes"],
            ["note", "show", "1"], ["secret"], ["reminders"], ["settings"], ["agent", "status"], ["auth", "status"],
            ["keychain", "status"], ["keychain", "keys"], ["keychain", "get", "DataKeyNot"], ["lock", "status"],
            ["lock", "now"], ["passcode", "remove", "--stdin"], ["unknown"],
        ]
        for command in commands {
            for json in [false, true] {
                let arguments = command + (json ? ["--json"] : [])
                let result = try cli.run(arguments: arguments)
                #expect((0...3).contains(result.status), "\(arguments): \(result.status) \(result.stderr)")
                #expect(!result.stderr.contains("Fatal error"), "\(arguments)")
                if json, result.status == 0, Self.hasJSONShape(command) {
                    #expect(
                        (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                        "\(arguments): \(result.stdout.prefix(200))")
                }
            }
        }
        print("VolumeTests: built by \(Self.adds) adds (\(Self.builder)) in \(Int(built)) s; WAL peak \(walPeak) bytes")
    }

    /// Whether the README documents a `--json` shape for the command (commands that only
    /// confirm an action, such as `lock now`, print text either way).
    static func hasJSONShape(_ command: [String]) -> Bool {
        let text = command.prefix(2).joined(separator: " ")
        return command.isEmpty
            || ["lists", "items", "icons", "list", "item", "notes", "note", "reminders", "settings"]
                .contains(command[0])
            || ["auth status", "keychain status", "lock status"].contains(text)
    }
}
