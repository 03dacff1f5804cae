import Foundation
import TestSupport
import Testing

/// `agent install` writes `--home` into the systemd unit quoted and escaped (systemd.unit(5)),
/// so a hostile path can neither add a line nor change the command; control characters are refused.
@Suite struct AgentUnitTests {
    let dir = TemporaryDirectory()
    var unitPath: String { dir.appending("config/systemd/user/checklists-agent.service") }

    func install(home: String) throws -> CLIRunner.Result {
        try CLIRunner(home: dir.appending("home"), environment: ["XDG_CONFIG_HOME": dir.appending("config")])
            .run("agent", "install", "--home", home)
    }

    /// The words of an `ExecStart=` value as systemd reads them: double-quoted words with C
    /// escapes, then `%%` → `%` and `$$` → `$`. Nil when a quote is unbalanced or a `%`/`$`
    /// would be expanded.
    static func execWords(_ value: String) -> [String]? {
        var words: [String] = []
        var scalars = Array(value.unicodeScalars)[...]
        while let first = scalars.first {
            if first == " " {
                scalars.removeFirst()
                continue
            }
            var word = ""
            if first == "\"" {
                scalars.removeFirst()
                var closed = false
                while let c = scalars.popFirst() {
                    if c == "\"" {
                        closed = true
                        break
                    }
                    if c == "\\" {
                        guard let next = scalars.popFirst() else { return nil }
                        word.unicodeScalars.append(next)
                    } else {
                        word.unicodeScalars.append(c)
                    }
                }
                guard closed else { return nil }
            } else {
                while let c = scalars.first, c != " " {
                    guard c != "\"", c != "\\" else { return nil }
                    word.unicodeScalars.append(c)
                    scalars.removeFirst()
                }
            }
            guard let literal = unescapeSpecifiers(word) else { return nil }
            words.append(literal)
        }
        return words
    }

    static func unescapeSpecifiers(_ word: String) -> String? {
        var result = ""
        var scalars = Array(word.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if c == "%" || c == "$" {
                guard scalars.popFirst() == c else { return nil }
            }
            result.unicodeScalars.append(c)
        }
        return result
    }

    @Test(arguments: [
        "/tmp/with space/home", "/tmp/quote\"d", "/tmp/back\\slash\\", "/tmp/100%h", "/tmp/$HOME/${USER}",
        "/tmp/semi;colon", "/tmp/all \" \\ % $ ; ExecStartPre=/bin/true",
    ])
    func aHostilePathGivesOneExecStartLineWithThePathIntact(_ home: String) throws {
        #expect(try install(home: home).status == 0)
        let lines = try String(contentsOfFile: unitPath, encoding: .utf8).split(separator: "\n").map(String.init)
        let exec = lines.filter { $0.hasPrefix("ExecStart") }
        #expect(exec.count == 1)
        let value = try #require(exec.first?.split(separator: "=", maxSplits: 1).last.map(String.init))
        #expect(exec.first?.hasPrefix("ExecStart=") == true)
        let words = try #require(Self.execWords(value))
        #expect(words.dropFirst() == ["agent", "--home", home])
        // Every other line is a section header, blank or a known key.
        let keys = Set(lines.filter { $0.contains("=") }.map { String($0.prefix { $0 != "=" }) })
        #expect(keys == ["Description", "After", "ExecStart", "Restart", "WantedBy"])
    }

    @Test(arguments: ["/tmp/a\nExecStartPre=/bin/touch /tmp/pwned", "/tmp/cr\rx", "/tmp/esc\u{1B}[2J", "/tmp/tab\tx"])
    func aPathWithControlCharactersIsRefused(_ home: String) throws {
        let result = try install(home: home)
        #expect(result.status == 2)
        #expect(result.stderr.contains("contains control characters"))
        #expect(!FileManager.default.fileExists(atPath: unitPath))
    }

    @Test(arguments: ["/tmp/with space/home", "/tmp/it's mine", "/tmp/$(touch pwned)`x`;&"])
    func theManualStartLineServesTheSameDataDirectory(_ home: String) throws {
        // No systemd user manager here: the command prints a shell line to start the agent. It
        // had no --home, so an agent started by it served the default data directory instead.
        let result = try install(home: home)
        #expect(result.status == 0)
        let line = try #require(result.stdout.split(separator: "\n").last { $0.contains(" agent ") })
        let command = try #require(line.components(separatedBy: " >/dev/null").first)
        let words = try CLIRunner.execute(
            "/bin/sh", ["-c", "set -- \(command); printf '%s\\n' \"$@\""], environment: [:])
        #expect(words.stdout.split(separator: "\n").dropFirst().map(String.init) == ["agent", "--home", home])
    }

    @Test func aRelativeHomeIsWrittenAsAnAbsolutePath() throws {
        // The agent does not start in this folder: "--home data" in the unit meant another one.
        let cwd = FileManager.default.currentDirectoryPath
        let up = String(repeating: "../", count: cwd.split(separator: "/").count)
        let relative = up + dir.appending("data").dropFirst()
        #expect(try install(home: relative).status == 0)
        let exec = try #require(
            try String(contentsOfFile: unitPath, encoding: .utf8).split(separator: "\n").first {
                $0.hasPrefix("ExecStart=")
            })
        let words = try #require(Self.execWords(String(exec.dropFirst("ExecStart=".count))))
        #expect(words.last == cwd + "/" + relative)
    }

    @Test func theHintToStartAnAgentServesTheSameDataDirectory() throws {
        // A reminder turned on with no agent running says how to start one. It said
        // 'checklists agent &', which serves the default data directory, not this one.
        let home = dir.appending("it's $HOME")
        let cli = CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")])
        #expect(try cli.run("settings", "notifications", "on").status == 0)
        let added = try cli.run("item", "add", "List", "Dentist", "--due", "2030-05-04 14:30", "--remind")
        #expect(added.status == 0)
        let line = try #require(added.stderr.split(separator: "\n").first { $0.contains("no reminder agent runs") })
        let quoted = "'" + home.replacingOccurrences(of: "'", with: "'\\''") + "'"
        #expect(line.contains("checklists agent install --home \(quoted) "), "\(line)")
        // The shell reads the start command as the same data directory.
        let start = try #require(line.components(separatedBy: "(or: ").last?.components(separatedBy: " &)").first)
        let words = try CLIRunner.execute(
            "/bin/sh", ["-c", "set -- \(start); printf '%s\\n' \"$@\""], environment: [:])
        #expect(words.stdout == "checklists\nagent\n--home\n\(home)\n", "\(line)")
    }

    @Test func agentStatusHintsServeTheSameDataDirectory() throws {
        // `agent status` said 'checklists agent install' (and 'checklists settings
        // notifications on'), which serve the default data directory, not this one.
        let home = dir.appending("it's $HOME")
        let cli = CLIRunner(
            home: dir.appending("default"),
            environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "XDG_CONFIG_HOME": dir.appending("config")])
        let status = try cli.run("agent", "status", "--home", home)
        #expect(status.status == 0)
        let quoted = "'" + home.replacingOccurrences(of: "'", with: "'\\''") + "'"
        #expect(status.stdout.contains(": checklists agent install --home \(quoted)\n"), "\(status.stdout)")
        #expect(status.stdout.contains(": checklists settings notifications on --home \(quoted)\n"), "\(status.stdout)")
        // The shell reads the hint as the same data directory.
        let line = try #require(status.stdout.split(separator: "\n").first { $0.contains("agent install") })
        let command = try #require(line.components(separatedBy: "with: ").last)
        let words = try CLIRunner.execute(
            "/bin/sh", ["-c", "set -- \(command); printf '%s\\n' \"$@\""], environment: [:])
        #expect(words.stdout == "checklists\nagent\ninstall\n--home\n\(home)\n", "\(line)")
    }
}
