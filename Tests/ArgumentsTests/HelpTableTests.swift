import Arguments
import Testing

@Suite struct HelpTableTests {
    let table = HelpTable(
        program: "demo", summary: "Demo — a test program.", defaultAction: "With no command: shows things.",
        commands: [
            CommandHelp(["items"], [Operand("LIST", .list, optional: true, variadic: true)], summary: "Show items."),
            CommandHelp(
                ["item", "add"], [Operand("LIST", .list), Operand("TEXT", variadic: true)],
                options: [
                    OptionHelp("--due", "WHEN", help: "Due date."), OptionHelp(flag: "--checked", help: "Checked."),
                    OptionHelp("--icon", "ICON", .icon, help: "Icon."),
                ],
                summary: "Add an item."),
            CommandHelp(["item", "toggle"], [Operand("ID", .item)], summary: "Toggle an item."),
            CommandHelp(["agent"], summary: "Run the agent."),
            CommandHelp(["agent", "status"], summary: "Agent status."),
            CommandHelp(
                ["settings"], [Operand("on|off", .words(["on", "off"]), optional: true)], summary: "Settings."),
            CommandHelp(["__complete"], summary: "Hidden.", hidden: true),
        ],
        globalOptions: [
            OptionHelp(flag: "--json", help: "JSON."), OptionHelp("--home", "DIR", .directory, help: "Home."),
            OptionHelp(flag: "--help", help: "Help.", short: "-h"),
        ],
        programOptions: [OptionHelp(flag: "--version", help: "Version.")])

    @Test func usageAndSpecComeFromTheSameEntry() throws {
        let add = try #require(table.command(["item", "add"]))
        #expect(add.usage == "item add LIST TEXT... [OPTIONS]")
        #expect(add.spec.options == ["--due", "--icon"])
        #expect(add.spec.flags == ["--checked"])
        #expect(table.globalSpec.aliases == ["-h": "--help"])
        #expect(table.globalSpec.flags.contains("--version"))
        let help = table.help(for: add)
        #expect(help.hasPrefix("Usage: demo item add LIST TEXT... [OPTIONS]\n\nAdd an item."))
        #expect(help.contains("  --checked    Checked."))
        #expect(help.contains("  --due WHEN   Due date."))
    }

    @Test func longDetailsAreWrappedAtSpaces() {
        let table = HelpTable(
            program: "p", summary: "s", defaultAction: "d",
            commands: [CommandHelp(["c"], summary: "C.", details: [String(repeating: "word ", count: 40) + "end"])],
            globalOptions: [])
        let lines = table.help(for: table.commands[0]).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.filter { $0.hasPrefix("word") }.count == 3)
    }

    @Test func overviewListsVisibleCommandsOnly() {
        #expect(table.overview.contains("  item toggle ID\n      Toggle an item."))
        #expect(table.overview.contains("  items [LIST...]"))
        #expect(!table.overview.contains("__complete"))
        #expect(table.overview.contains("  -h, --help"))
    }

    @Test func suggestsTheNearestWord() {
        #expect(nearest("itms", among: ["items", "item", "lists"]) == "items")
        #expect(nearest("lsit", among: ["list", "lists"]) == "list")
        #expect(nearest("--jsno", among: ["--json", "--home"]) == "--json")
        #expect(nearest("rem", among: ["reminders", "lists"]) == "reminders")
        #expect(nearest("frobnicate", among: ["items", "lists", "reminders"]) == nil)
        #expect(nearest("", among: ["items"]) == nil)
    }

    @Test func completesCommandsSubcommandsAndOptions() {
        #expect(table.completions(after: [], current: "it").candidates.map(\.word) == ["items", "item"])
        #expect(table.completions(after: ["item"], current: "").candidates.map(\.word) == ["add", "toggle"])
        #expect(table.completions(after: [], current: "").candidates.map(\.word).contains("__complete") == false)
        let options = table.completions(after: ["item", "add"], current: "--").candidates.map(\.word)
        #expect(options == ["--due", "--checked", "--icon", "--json", "--home", "--help"])
        #expect(table.completions(after: [], current: "--v").candidates.map(\.word) == ["--version"])
        // A command with subcommands offers them, not its own arguments.
        #expect(table.completions(after: ["agent"], current: "").candidates.map(\.word) == ["status"])
    }

    @Test func completesValuesByPosition() {
        #expect(table.completions(after: ["item", "add"], current: "").dynamic == .list)
        #expect(table.completions(after: ["item", "add", "Groceries"], current: "").dynamic == nil)
        #expect(table.completions(after: ["item", "toggle"], current: "1").dynamic == .item)
        #expect(table.completions(after: ["item", "add", "L", "--icon"], current: "").dynamic == .icon)
        #expect(table.completions(after: ["--home"], current: "/t").dynamic == .directory)
        #expect(table.completions(after: ["--home", "/x", "items"], current: "").dynamic == .list)
        #expect(table.completions(after: ["settings"], current: "o").candidates.map(\.word) == ["on", "off"])
        // After `--`, a dash starts text, not an option.
        #expect(table.completions(after: ["item", "add", "L", "--"], current: "--").candidates.isEmpty)
    }

    @Test func completesTheValueOfAnOptionWrittenWithEquals() {
        let home = table.completions(after: ["items"], current: "--home=/t")
        #expect(home.dynamic == .directory && home.kept == "--home=")
        let icon = table.completions(after: ["item", "add", "L"], current: "--icon=gr")
        #expect(icon.dynamic == .icon && icon.kept == "--icon=")
        // A flag takes no value: nothing follows its `=`.
        #expect(table.completions(after: ["items"], current: "--json=").candidates.isEmpty)
        #expect(table.completions(after: ["items"], current: "--json=").dynamic == nil)
    }

    @Test func manPageIsRoffWithEveryVisibleCommand() {
        let page = table.manPage(name: "a test program", version: "demo 1.0", date: "2026-12-01")
        #expect(
            page.hasPrefix(".TH DEMO 1 \"2026\\-12\\-01\" \"demo 1.0\" \"User Commands\"\n.SH NAME\ndemo \\- a test"))
        #expect(page.contains("\\fBitem add\\fR \\fILIST\\fR \\fITEXT\\fR... [\\fIOPTIONS\\fR]"))
        #expect(page.contains(".TP\n\\fB\\-\\-due\\fR \\fIWHEN\\fR\nDue date."))
        #expect(page.contains("\\fB\\-h\\fR, \\fB\\-\\-help\\fR"))
        #expect(!page.contains("__complete"))
        #expect(page.contains("Demo \\[u2014] a test program."))
    }

    @Test func roffTextCannotStartARequest() {
        let page = HelpTable(
            program: "p", summary: ".so /etc/passwd", defaultAction: "'x\\y", commands: [], globalOptions: []
        ).manPage(name: "n", version: "v", date: "d")
        #expect(page.contains("\n\\&.so /etc/passwd\n"))
        #expect(page.contains("\n\\&'x\\ey\n"))
    }

    @Test func scriptsCallTheHiddenCommand() {
        for shell in Shell.allCases {
            #expect(table.completionScript(for: shell).contains("__complete --"), "\(shell)")
        }
        #expect(table.completionScript(for: .bash).contains("complete -F _demo demo"))
        #expect(table.completionScript(for: .zsh).hasPrefix("#compdef demo\n"))
        #expect(table.completionScript(for: .fish).contains("complete -c demo -f -a '(__demo_complete)'"))
    }
}
