import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import Keychain
import LocalAuthentication
import PrivateFiles
import ReminderAgent
import Reminders
import Sodium
import TerminalText
import TerminalUI

/// Finds the command for the words given, runs it and turns errors into messages and exit codes.
enum CLI {
    static let global = ArgumentSpec(
        options: ["--home", "--keychain"], flags: ["--json", "--help"], aliases: ["-h": "--help"])

    static var commands: [Command] {
        ChecklistCommands.all + ItemCommands.all + NoteCommands.all + SecretCommands.all + ReminderCommands.all
            + AuthCommands.all + KeychainCommands.all + LockCommands.all
    }

    /// Runs one invocation and returns the exit status.
    static func run(_ words: [String], environment: [String: String]) -> Int32 {
        let output = Output()
        defer { output.flush() }
        let (command, rest) = select(words)
        do {
            guard let command else {
                let args = try parseArguments(rest, spec: global)
                if let first = args.positionals.first {
                    let group = commands.filter { $0.path.first == first }
                    guard !group.isEmpty else {
                        throw CLIError.usage("unknown command \"\(first)\"; see 'checklists --help'")
                    }
                    output.line(help(for: group))
                    guard args.has("--help") else { throw CLIError.usage("\"\(first)\" needs a subcommand") }
                    return ExitCode.ok.rawValue
                }
                if args.has("--help") {
                    output.line(overviewHelp)
                    return ExitCode.ok.rawValue
                }
                try checkGlobalOptions(args)
                // On a terminal: the full-screen UI (unless TERM names no terminal it can drive).
                if !args.has("--json") && TerminalUI.isInteractive,
                    let status = TerminalUI.run(
                        environment: environment, configure: { Context.configuration(args, environment, $0) })
                {
                    return status
                }
                var context = Context(arguments: args, environment: environment, output: output)
                defer { context.session.close() }
                try ChecklistCommands.printOverview(&context)
                return ExitCode.ok.rawValue
            }
            let args = try parseArguments(rest, spec: global.merging(command.spec))
            if args.has("--help") {
                output.line(command.help)
                return ExitCode.ok.rawValue
            }
            try checkGlobalOptions(args)
            var context = Context(arguments: args, environment: environment, output: output)
            if Editor.cleansUpBefore(command) { Editor.removeLeftovers(environment: environment, home: context.home) }
            defer {
                // A change may have moved a reminder: let a running agent re-plan.
                let changed = context.session.changedReminders
                context.session.close()
                if changed { ReminderAgent.poke(home: context.home) }
            }
            try command.run(&context)
            return ExitCode.ok.rawValue
        } catch {
            let (code, message) = describe(error)
            var hint = ""
            if code == .usage, let command, !(error is ChecklistsError) {
                hint = " (see 'checklists \(command.name) --help')"
            }
            // Messages quote what the user typed or stored: one line, controls shown as escapes.
            Output.error("checklists: \(TerminalText.line(message))\(hint)")
            return code.rawValue
        }
    }

    /// Says that argument `position` is not valid UTF-8 (it would otherwise be silently altered).
    static func reportInvalidArgument(position: Int) {
        Output.error("checklists: argument \(position) is not valid UTF-8; see 'checklists --help'")
    }

    /// Refuses options that are given but empty where emptiness would silently mean a default.
    static func checkGlobalOptions(_ args: ParsedArguments) throws {
        if args["--home"]?.isEmpty == true { throw CLIError.usage("--home needs a directory, not \"\"") }
    }

    /// The longest command whose words start the command line, and the words after it.
    static func select(_ words: [String]) -> (Command?, [String]) {
        // Global options may come before the command: `checklists --home DIR lists`.
        var leading: [String] = []
        var index = 0
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            leading.append(words[index])
            if global.options.contains(words[index]), index + 1 < words.count {
                leading.append(words[index + 1])
                index += 1
            }
            index += 1
        }
        let remaining = Array(words[index...])
        var best: Command?
        for command in commands where remaining.starts(with: command.path) {
            if command.path.count > (best?.path.count ?? 0) { best = command }
        }
        guard let best else { return (nil, words) }
        return (best, leading + remaining.dropFirst(best.path.count))
    }

    /// The exit status and the one-line message for an error.
    static func describe(_ error: Error) -> (ExitCode, String) {
        switch error {
        case let e as CLIError: (e.code, e.message)
        case AppSessionError.locked: (.refused, "\(error)")
        case AppSessionError.refused(let message): (.refused, message)
        case AppSessionError.rejected(let message): (.usage, message)
        case AppSessionError.storage(let message): (.storage, message)
        case let e as ArgumentError: (.usage, e.description)
        case let e as ChecklistsError: (e.isNotFound ? .refused : .usage, e.description)
        case let e as StoreError: (.storage, e.description)
        case let e as SodiumError: (.storage, e.description)
        case let e as FileError: (.storage, e.description)
        case let e as KeychainError: (e.isTooLarge ? .usage : .storage, e.description)
        case let e as RemindersError: (.storage, e.description)
        case let e as LAError: (.refused, "\(e.message) (LAError \(e.code.rawValue) \(e.code.name))")
        default: (.storage, "\(error)")
        }
    }

    static func help(for group: [Command]) -> String {
        group.map { "  checklists \($0.usage)\n      \($0.summary)" }.joined(separator: "\n")
    }

    static var overviewHelp: String {
        var lines = [
            "Checklists — private to-do lists and notes.",
            "",
            "Usage: checklists [COMMAND] [OPTIONS]",
            "With no command: shows your lists.",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  \(command.usage)")
            lines.append("      \(command.summary)")
        }
        lines += [
            "",
            "Options for every command: --json, --home DIR (default $XDG_DATA_HOME/checklists,",
            "or $CHECKLISTS_HOME), --keychain auto|secret-service|file, --help.",
            "Exit status: 0 ok, 1 not found or refused, 2 bad usage or input, 3 storage error.",
        ]
        return lines.joined(separator: "\n")
    }
}
