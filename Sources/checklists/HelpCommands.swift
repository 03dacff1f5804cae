import Arguments
import CommandCatalogue
import Foundation
import Localization

/// `help [COMMAND] [--man]`, `completion SHELL` and `--version`: what the CLI says about itself.
enum HelpCommands {
    static let all: [Command] = [
        Command(path: ["help"], touchesContent: false) { context in
            let table = CommandTable.shared
            if context.arguments.has("--man") {
                try context.expectPositionals(atMost: 0)
                context.output.line(manPage(table))
                return
            }
            let words = context.positionals
            if words.isEmpty {
                context.output.line(table.overview)
            } else if let command = table.command(words), !command.hidden {
                context.output.line(table.help(for: command))
            } else if !table.commands(under: words).isEmpty {
                context.output.line(table.groupHelp(words))
            } else {
                let known = table.longestCommand(in: words)?.path ?? []
                let word = words[min(known.count, words.count - 1)]
                throw CLIError.usage(
                    CLI.unknown(
                        tr("unknown command \"%@\"", words.joined(separator: " ")), word, table.nextWords(after: known))
                )
            }
        },
        Command(path: ["completion"], touchesContent: false) { context in
            let name = try context.positional(0, "SHELL")
            guard let shell = Shell(rawValue: name) else {
                throw CLIError.usage(
                    CLI.unknown(
                        tr("no completion for the shell \"%@\"; choose bash, zsh or fish", name), name,
                        Shell.allCases.map(\.rawValue)))
            }
            context.output.line(CommandTable.shared.completionScript(for: shell, hiddenCommand: Completer.command))
        },
    ]

    /// The manual page checklists(1), dated by the commit so that builds are reproducible.
    static func manPage(_ table: HelpTable) -> String {
        let page = table.manPage(
            name: tr("private to-do lists and notes"), version: "checklists \(BuildInfo.version)",
            date: BuildInfo.date, seeAlso: ["fprintd-enroll(1)", "systemctl(1)", "pam(8)"])
        return String(page.dropLast())  // `line` ends it
    }

    /// `checklists --version`: the version and the commit it was built from.
    static func printVersion(json: Bool, _ output: Output) throws -> Int32 {
        if json {
            try output.json(["version": BuildInfo.version, "commit": BuildInfo.commit, "date": BuildInfo.date])
        } else {
            output.line(tr("checklists %@ (commit %@, %@)", BuildInfo.version, BuildInfo.commit, BuildInfo.date))
        }
        return ExitCode.ok.rawValue
    }
}
