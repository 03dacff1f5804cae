import Foundation
import TestSupport
import Testing

/// Shell completion: the scripts from `checklists completion SHELL`, driven in the real shells,
/// with list names and item IDs from the store (never a prompt), and `make install-files`.
@Suite struct CompletionCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner {
        CLIRunner(
            home: home,
            environment: ["XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PASSCODE_COST": "min"])
    }

    /// What bash's `_checklists` puts in COMPREPLY for the words typed (the last one is the
    /// word being completed), run for real in `bash` with the generated script.
    func bash(_ words: [String]) throws -> [String] {
        try BashCompletion(cli: cli, in: dir).replies(words)
    }

    @Test func bashCompletesCommandsOptionsListsIconsAndItems() throws {
        try cli.run("list", "add", "Groceries", "--icon", "groceries")
        try cli.run("list", "add", "My Plans")
        try cli.run("item", "add", "Groceries", "Buy milk")
        #expect(try bash(["it"]) == ["items", "item"])
        #expect(try bash(["item", ""]) == ["add", "edit", "toggle", "check", "uncheck", "delete"])
        #expect(try bash(["item", "add", "--r"]) == ["--remind"])
        #expect(try bash(["item", "add", "Gr"]) == ["Groceries"])
        #expect(try bash(["items", "My"]) == ["My\\ Plans"])
        #expect(try bash(["list", "add", "X", "--icon", "gr"]) == ["groceries"])
        #expect(try bash(["list", "add", "X", "--icon=gr"]) == ["groceries"])
        #expect(try bash(["item", "toggle", ""]) == ["0"])
        #expect(try bash(["completion", ""]) == ["bash", "zsh", "fish"])
        #expect(try bash(["item", "add", "Groceries", ""]).isEmpty)  // free text
    }

    @Test func lockedAppCompletesCommandsOnlyAndNeverPrompts() throws {
        try cli.run("list", "add", "Groceries")
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "246810\n").status == 0)
        let started = Date()
        #expect(try bash(["items", ""]).isEmpty)
        #expect(try bash(["item", "toggle", ""]).isEmpty)
        #expect(try bash(["ite"]) == ["items", "item"])
        #expect(Date().timeIntervalSince(started) < 30)  // no prompt waited for
        let direct = try cli.run("__complete", "--", "items", "")
        #expect(direct.status == 0)
        #expect(direct.stdout.isEmpty && direct.stderr.isEmpty)
    }

    @Test func completionNeverCreatesData() throws {
        #expect(try bash(["items", ""]).isEmpty)
        #expect(try bash(["li"]) == ["lists", "list"])
        #expect(!FileManager.default.fileExists(atPath: home))
    }

    @Test func completionFollowsHomeOption() throws {
        let other = dir.appending("other")
        try cli.run("--home", other, "list", "add", "Elsewhere")
        #expect(try bash(["--home", other, "items", "E"]) == ["Elsewhere"])
        #expect(try bash(["items", "E"]).isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletesFromTheSameTable() throws {
        try cli.run("list", "add", "Groceries")
        let script = dir.appending("checklists.fish")
        try cli.run("completion", "fish").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        func fish(_ line: String) throws -> [String] {
            let result = try CLIRunner.execute(
                "/usr/bin/fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"],
                environment: cli.environment.merging(["HOME": dir.path]) { _, new in new })
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        let binary = CLIRunner.binary
        let lists = try fish("\(binary) item add Gro")
        #expect(lists == ["Groceries"], "\(lists)")
        let subcommands = try fish("\(binary) lock ").sorted()
        #expect(subcommands == ["disable", "enable", "now", "set", "status"], "\(subcommands)")
        let options = try fish("\(binary) lists --js")
        #expect(options == ["--json"], "\(options)")
    }

    /// zsh: the script's function with the words typed, `_describe` replaced by a printer (the
    /// completion system itself needs an interactive shell).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshCompletesFromTheSameTable() throws {
        try cli.run("list", "add", "Groceries")
        let script = dir.appending("_checklists")
        try cli.run("completion", "zsh").stdout.write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try CLIRunner.execute("/usr/bin/zsh", ["-n", script], environment: cli.environment).status == 0)
        func zsh(_ words: [String]) throws -> [String] {
            let quoted = ([CLIRunner.binary] + words).map { "'\($0)'" }.joined(separator: " ")
            let program = """
                compdef() { : }; _describe() { print -rl -- "${(@P)${@[-1]}}" }
                source '\(script)'; words=(\(quoted)); CURRENT=\(words.count + 1); PREFIX=$words[CURRENT]; _checklists
                """
            let result = try CLIRunner.execute("/usr/bin/zsh", ["-f", "-c", program], environment: cli.environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        }
        #expect(try zsh(["item", "add", "Gr"]) == ["Groceries"])
        #expect(try zsh(["it"]) == ["items", "item"])
        #expect(try zsh(["lists", "--js"]) == ["--json"])
    }

    @Test func makeInstallPutsEachFileWhereItsToolLooks() throws {
        let destination = dir.appending("dest")
        let result = try CLIRunner.execute(
            "/usr/bin/make",
            [
                "-s", "-C", Rig.root, "install-files", "BIN=\(CLIRunner.binary)", "DESTDIR=\(destination)",
                "PREFIX=/usr", "DOCS=\(dir.appending("docs"))",
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        for path in [
            "bin/checklists", "share/man/man1/checklists.1", "share/bash-completion/completions/checklists",
            "share/zsh/vendor-completions/_checklists", "share/fish/vendor_completions.d/checklists.fish",
            "lib/systemd/user/checklists-agent.service",
        ] {
            #expect(FileManager.default.fileExists(atPath: "\(destination)/usr/\(path)"), "\(path)")
        }
        let unit = try String(
            contentsOfFile: "\(destination)/usr/lib/systemd/user/checklists-agent.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/checklists agent\n"))
    }
}
