import Foundation
import TestSupport
import Testing

/// Completing lists whose names the shell would read otherwise. Before, bash inserted a name
/// as it was unless it held a space: `checklists items $<Tab>` gave `$(touch …)`, which ran
/// when the line did; two lists called "Dup" and "dup" completed to a name the CLI refused as
/// ambiguous; and `--home '/tmp/my home'` was looked up with its quotes on.
@Suite struct HostileNameCompletionCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner {
        CLIRunner(
            home: home,
            environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min"])
    }

    @Test func bashCompletesAShellSpecialNameSoTheLinePassesItAsOneWord() throws {
        let names = [
            "My Plans", "$(touch \(dir.appending("ran")))", "x; touch \(dir.appending("ran-too")) & echo | *",
            #"it's "q" `x` ? \ end"#,
        ]
        for name in names { #expect(try cli.run("list", "add", "--", name).status == 0, "\(name)") }
        let bash = try BashCompletion(cli: cli, in: dir)
        for (typed, name) in zip(["My", "$", "x", "it"], names) {
            let line = try bash.completedLine("checklists items \(typed)")
            #expect(line == "[checklists][items][\(name)]", "\(typed): \(line)")
        }
        // In an open quote the name goes in as it is, and readline closes the quote.
        #expect(try bash.completedLine("checklists items 'My") == "[checklists][items][My Plans]")
        #expect(!FileManager.default.fileExists(atPath: dir.appending("ran")))
        #expect(!FileManager.default.fileExists(atPath: dir.appending("ran-too")))
    }

    @Test func aNameTheCLIWouldNotFindAgainCompletesAsItsID() throws {
        try cli.run("lists")  // list 1, "List"
        for name in ["Dup", "dup", "-dash", "two\nlines", "1"] {
            #expect(try cli.run("list", "add", "--", name).status == 0, "\(name)")
        }
        let bash = try BashCompletion(cli: cli, in: dir)
        #expect(try bash.replies(["items", "Du"]).sorted() == ["2", "3"])
        #expect(try bash.replies(["items", ""]).sorted() == ["2", "3", "4", "5", "6", "List"])
        #expect(try bash.replies(["items", "1"]) == ["6"])
        #expect(try cli.run("items", "6").stdout.hasPrefix("· 1 — No Items"))
    }

    @Test func bashReadsAQuotedHomeAsTheShellWill() throws {
        let other = dir.appending("my home")
        try cli.run("--home", other, "list", "add", "Elsewhere")
        let bash = try BashCompletion(cli: cli, in: dir)
        let escaped = other.replacingOccurrences(of: " ", with: "\\ ")
        #expect(try bash.replies(["--home", "'\(other)'", "items", "E"]) == ["Elsewhere"])
        #expect(try bash.replies(["--home", escaped, "items", "E"]) == ["Elsewhere"])
        #expect(try bash.replies(["--home=\"\(other)\"", "items", "E"]) == ["Elsewhere"])
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)  // HOME
        #expect(try bash.replies(["--home", "~/../my\\ home", "items", "E"]) == ["Elsewhere"])
        #expect(try bash.replies(["--home", dir.appending("my\\ h")]) == [escaped + "/"])
        #expect(try bash.replies(["--home=" + dir.appending("my\\ h")]) == [escaped + "/"])
        #expect(try bash.replies(["items", "E"]).isEmpty)
    }

    /// zsh quotes what it inserts itself; its script lost a backslash in a name, and passed the
    /// words with their quotes on (`--home '/tmp/my home'`, or `'My` in an open quote).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshCompletesAShellSpecialNameAndReadsAQuotedHome() throws {
        let names = ["My Plans", "$(touch \(dir.appending("ran")))", #"it's "q" `x` ; & | * ? \ end"#]
        for name in names { #expect(try cli.run("list", "add", "--", name).status == 0, "\(name)") }
        let other = dir.appending("my home")
        try cli.run("--home", other, "list", "add", "Elsewhere")
        let functions = dir.appending("zsh")
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try cli.run("completion", "zsh").stdout.write(
            toFile: functions + "/_checklists", atomically: true, encoding: .utf8)
        func zsh(_ typed: String) throws -> String {
            try BashCompletion.completedLine(
                typed, shell: ["/usr/bin/zsh", "-f", "-i"],
                setup: "fpath=(\(BashCompletion.quoted(functions)) $fpath); autoload -U compinit; compinit -u -D; "
                    + "unsetopt prompt_sp prompt_cr",
                environment: cli.environment)
        }
        // `$` alone would complete a parameter: zsh's own rule, typed escaped here.
        for (typed, name) in zip(["My", "\\$", "it", "'My"], names + ["My Plans"]) {
            let line = try zsh("checklists items \(typed)")
            #expect(line == "[checklists][items][\(name)]", "\(typed): \(line)")
        }
        let home = try zsh("checklists --home \(BashCompletion.quoted(other)) items E")
        #expect(home == "[checklists][--home][\(other)][items][Elsewhere]")
        #expect(!FileManager.default.fileExists(atPath: dir.appending("ran")))
    }

    /// fish unquotes the words before the one typed, and quotes what it inserts; the word
    /// being typed reached the CLI with its quotes on (`'My`, `My\ P`), so nothing matched.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletesAQuotedWord() throws {
        try cli.run("list", "add", "My Plans")
        let other = dir.appending("my home")
        try cli.run("--home", other, "list", "add", "Elsewhere")
        let script = dir.appending("checklists.fish")
        try cli.run("completion", "fish").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        func fish(_ line: String) throws -> [String] {
            let result = try CLIRunner.execute(
                "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line],
                environment: cli.environment.merging(["HOME": dir.path]) { _, new in new })
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let binary = CLIRunner.binary
        #expect(try fish("\(binary) items 'My") == ["My Plans"])
        #expect(try fish("\(binary) items My\\ P") == ["My Plans"])
        #expect(try fish("\(binary) --home \(BashCompletion.quoted(other)) items E") == ["Elsewhere"])
    }
}
