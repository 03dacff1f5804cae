import Arguments
import ChecklistsApp
import ChecklistsKit
import CommandCatalogue
import Foundation
import InputReading
import Localization
import ReminderAgent
import TerminalText
import TerminalUI
import TextEditing

/// Finds the command for the words given, runs it and turns errors into messages and exit codes.
enum CLI {
    /// The options every command takes, and `--version`.
    static var global: ArgumentSpec { CommandTable.shared.globalSpec }

    static var commands: [Command] {
        ChecklistCommands.all + ItemCommands.all + SearchCommand.all + NoteCommands.all + SecretCommands.all
            + ReminderCommands.all
            + AuthCommands.all + KeychainCommands.all + LockCommands.all + HelpCommands.all + ImportCommands.all
            + ExportCommands.all
    }

    /// Runs one invocation and returns the exit status: a storage error when its output could
    /// not be written (`checklists items > /dev/full` used to exit 0 with nothing written).
    static func run(_ words: [String], environment: [String: String]) -> Int32 {
        let output = Output(colour: Output.wantsColour(environment))
        let status = run(words, environment: environment, output: output)
        output.flush()
        guard let failure = output.failure, status == ExitCode.ok.rawValue else { return status }
        let (code, message) = describe(failure)
        Output.error("checklists: \(TerminalText.line(message))")
        return code.rawValue
    }

    static func run(_ words: [String], environment: [String: String], output: Output) -> Int32 {
        if words.first == Completer.command {
            Completer.run(Array(words.dropFirst()), environment: environment, output: output)
            return ExitCode.ok.rawValue
        }
        let (command, rest) = select(words)
        do {
            guard let command else { return try runWithoutCommand(rest, environment: environment, output: output) }
            let args = try parse(rest, spec: global.merging(command.spec))
            if args.has("--version") { return try HelpCommands.printVersion(json: args.has("--json"), output) }
            if args.has("--help") {
                output.line(CommandTable.shared.help(for: command.help))
                return ExitCode.ok.rawValue
            }
            try checkGlobalOptions(args)
            try checkSubcommand(command, args)
            try command.help.check(args)
            var context = Context(arguments: args, environment: environment, output: output)
            if command.cleansUpEditFiles { Editor.removeLeftovers(environment: environment, home: context.home) }
            defer {
                // A change may have moved a reminder: let a running agent re-plan.
                let changed = context.session.changedReminders
                context.session.close()
                if changed { ReminderAgent.poke(home: context.home) }
            }
            do { try command.run(&context) } catch { throw context.reported(error) }
            return ExitCode.ok.rawValue
        } catch {
            let (code, message) = describe(error)
            var hint = ""
            if code == .usage, let command, command.path != ["help"], !(error is ChecklistsError) {
                hint = tr(" (see 'checklists %@ --help')", command.name)
            }
            // Messages quote what the user typed or stored: one line, controls shown as escapes.
            Output.error("checklists: \(TerminalText.line(message))\(hint)")
            return code.rawValue
        }
    }

    /// `checklists` alone (the overview), `checklists --help|--version`, a group such as
    /// `checklists item`, or a word that names no command.
    static func runWithoutCommand(_ rest: [String], environment: [String: String], output: Output) throws -> Int32 {
        let table = CommandTable.shared
        let args = try parse(rest, spec: global)
        if args.has("--version") { return try HelpCommands.printVersion(json: args.has("--json"), output) }
        if let first = args.positionals.first {
            let subcommands = table.nextWords(after: [first])
            guard !subcommands.isEmpty else {
                throw CLIError.usage(unknown(tr("unknown command \"%@\"", first), first, table.nextWords(after: [])))
            }
            if args.positionals.count > 1 {
                let word = args.positionals[1]
                throw CLIError.usage(
                    unknown(tr("unknown subcommand \"%@\" of 'checklists %@'", word, first), word, subcommands))
            }
            output.line(table.groupHelp([first]))
            guard args.has("--help") else {
                throw CLIError.usage(tr("\"%@\" needs a subcommand", first))
            }
            return ExitCode.ok.rawValue
        }
        if args.has("--help") {
            output.line(table.overview)
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

    /// Reads `words` by `spec`; an unknown option names the nearest known one.
    static func parse(_ words: [String], spec: ArgumentSpec) throws -> ParsedArguments {
        do {
            return try parseArguments(words, spec: spec)
        } catch .unknownOption(let name) {
            throw CLIError.usage(
                unknown(tr("unknown option %@", name), name, (spec.options.union(spec.flags)).sorted()))
        }
    }

    /// `message`, and "did you mean …?" when one of `candidates` is close to `word`.
    static func unknown(_ message: String, _ word: String, _ candidates: [String]) -> String {
        guard let near = nearest(word, among: candidates) else { return message }
        return message + "; " + tr("did you mean '%@'?", near)
    }

    /// `checklists agent foo`: a command that has subcommands and takes no arguments of its own
    /// says that the word is no subcommand of it.
    static func checkSubcommand(_ command: Command, _ args: ParsedArguments) throws {
        let subcommands = CommandTable.shared.nextWords(after: command.path)
        guard command.help.operands.isEmpty, !subcommands.isEmpty, let word = args.positionals.first else { return }
        throw CLIError.usage(
            unknown(
                tr("unknown subcommand \"%@\" of 'checklists %@'", word, command.name), word, subcommands))
    }

    /// Says that argument `position` is not valid UTF-8 (it would otherwise be silently altered).
    static func reportInvalidArgument(position: Int) {
        Output.error("checklists: " + tr("argument %d is not valid UTF-8; see 'checklists --help'", position))
    }

    /// Refuses options that are given but empty where emptiness would silently mean a default.
    static func checkGlobalOptions(_ args: ParsedArguments) throws {
        if args["--home"]?.isEmpty == true { throw CLIError.usage(tr("--home needs a directory, not \"\"")) }
        // Elsewhere "-" means standard input; as a folder it would be "./-", wherever one stands.
        if args["--home"] == "-" { throw CLIError.usage(tr("--home needs a directory, not \"-\"")) }
    }

    /// The command the words name (`HelpTable.select`) and the words after it.
    static func select(_ words: [String]) -> (Command?, [String]) {
        // Only commands described in the table exist: one without an entry would run undocumented
        // (and untested `--help`, man page and completion), so it is not reachable at all.
        let (help, rest) = CommandTable.shared.select(words)
        guard let help, let command = commands.first(where: { $0.path == help.path }) else { return (nil, words) }
        return (command, rest)
    }

    /// The exit status and the one-line message for an error.
    static func describe(_ error: Error) -> (ExitCode, String) {
        switch error {
        case let e as CLIError: return (e.code, e.message)
        case let e as ArgumentError: return (.usage, e.description)
        case let e as InputReadingError: return (.usage, e.description)
        default:
            let report = FailureReport(error)
            return (ExitCode(report.kind), report.message)
        }
    }
}
