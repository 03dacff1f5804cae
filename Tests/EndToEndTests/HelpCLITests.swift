import Foundation
import TestSupport
import Testing

/// `--help`, `help`, `--version`, the man page and the answers to mistyped commands, all made
/// from the one command table.
@Suite struct HelpCLITests {
    let dir = TemporaryDirectory()
    var cli: CLIRunner { CLIRunner(home: dir.appending("home")) }

    @Test func versionNamesTheCommit() throws {
        let result = try cli.run("--version")
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .newlines)
        #expect(
            line.range(
                of: #"^checklists \d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown), \d{4}-\d\d-\d\d\)$"#,
                options: .regularExpression) != nil, "\(line)")
        let json = try #require(try cli.json("--version") as? [String: String])
        // The commit is one of this repository's (the one checked out when the binary was built).
        let commit = try #require(json["commit"])
        let git = ["-C", Rig.root, "rev-parse", "--git-dir"]
        if try CLIRunner.execute("/usr/bin/git", git, environment: ["PATH": "/usr/bin:/bin"]).status == 0 {
            let known = try CLIRunner.execute(
                "/usr/bin/git", ["-C", Rig.root, "cat-file", "-e", "\(commit)^{commit}"],
                environment: ["PATH": "/usr/bin:/bin"])
            #expect(known.status == 0, "\(commit)")
        }
        #expect(Set(json.keys) == ["version", "commit", "date"])
        #expect(try cli.run("lists", "--version").stdout == result.stdout)
    }

    @Test func helpCommandAndHelpOptionAgree() throws {
        #expect(try cli.run("help").stdout == cli.run("--help").stdout)
        #expect(try cli.run("help", "item", "add").stdout == cli.run("item", "add", "--help").stdout)
        #expect(try cli.run("help", "item").stdout == cli.run("item", "--help").stdout)
        let unknown = try cli.run("help", "itme")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'item'?"))
        #expect(!FileManager.default.fileExists(atPath: cli.home), "help must not create data")
    }

    /// `item add` accepted `--checked` without saying so: the parser now reads the table.
    @Test func everyAcceptedOptionIsDocumented() throws {
        let help = try cli.run("item", "add", "--help").stdout
        for option in ["--due WHEN", "--remind", "--checked"] { #expect(help.contains("  \(option)"), "\(option)") }
        #expect(try cli.run("item", "add", "List", "Done already", "--checked").status == 0)
        let items = try #require(try cli.json("items", "List") as? [[String: Any]])
        #expect(items.first?["checked"] as? Bool == true)
        // And what the table does not list is refused.
        #expect(try cli.run("item", "edit", "0", "--checked").status == 2)
    }

    @Test func mistypedWordsGetTheNearestOne() throws {
        let cases: [([String], String)] = [
            (["itms"], "unknown command \"itms\"; did you mean 'items'?"),
            (["lsit", "add", "x"], "did you mean 'list'?"),
            (["list", "foo"], "unknown subcommand \"foo\" of 'checklists list'"),
            (["list", "ad", "x"], "did you mean 'add'?"),
            (["agent", "stauts"], "unknown subcommand \"stauts\" of 'checklists agent'; did you mean 'status'?"),
            (["lists", "--jsno"], "unknown option --jsno; did you mean '--json'?"),
            (["item", "add", "L", "x", "--remnd"], "did you mean '--remind'?"),
            // The words other to-do tools use.
            (["item", "done", "3"], "unknown subcommand \"done\" of 'checklists item'; did you mean 'check'?"),
            (["item", "rm", "3"], "did you mean 'delete'?"),
            (["ls"], "unknown command \"ls\"; did you mean 'lists'?"),
            (["find", "milk"], "did you mean 'search'?"),
        ]
        for (words, message) in cases {
            let result = try cli.run(arguments: words)
            #expect(result.status == 2, "\(words)")
            #expect(result.stderr.contains(message), "\(words): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(words): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.home), "a mistyped command must not create data")
    }

    @Test func groupWithoutSubcommandShowsItsCommands() throws {
        let result = try cli.run("item")
        #expect(result.status == 2)
        #expect(result.stdout.contains("item toggle ID"))
        #expect(result.stderr.contains("\"item\" needs a subcommand"))
    }

    @Test func ambiguousListNameIsARefusal() throws {
        try cli.run("list", "add", "Plans")
        try cli.run("list", "add", "plans")
        let result = try cli.run("item", "add", "PLANS", "x")
        #expect(result.status == 1)
        #expect(result.stderr.contains("use its ID"))
    }

    @Test func manPageReadsWithManAndListsEveryCommand() throws {
        let page = try cli.run("help", "--man")
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".TH CHECKLISTS 1 "))
        let file = dir.appending("checklists.1")
        try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let env = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANWIDTH": "100"]
        let man = try CLIRunner.execute("/usr/bin/man", ["-l", file], environment: env)
        #expect(man.status == 0, "\(man.stderr)")
        let overview = try cli.run("--help").stdout
        let usages = overview.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "Commands:" }
            .dropFirst().prefix { !$0.isEmpty }
            .filter { !$0.hasPrefix("      ") }
        #expect(usages.count > 40)
        let text = man.stdout.replacingOccurrences(of: "\u{2010}", with: "-")
        for usage in usages {
            let name = usage.split(separator: " ").prefix { $0.allSatisfy(\.isLowercase) }.joined(separator: " ")
            #expect(text.contains(name), "\(name)")
        }
        for section in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            #expect(text.contains("\n\(section)\n"), "\(section)")
        }
        #expect(text.contains("--checked"))
        let lint = try CLIRunner.execute(
            "/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", file], environment: env)
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
    }
}
