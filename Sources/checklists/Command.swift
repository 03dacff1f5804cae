import Arguments
import ChecklistsApp
import CommandCatalogue

/// One CLI command: its words and what it does. Its arguments, options and help texts are its
/// entry in `CommandTable`.
struct Command: Sendable {
    /// The words that select it, e.g. ["item", "add"].
    let path: [String]
    /// Whether the command reads or writes user content (the app lock guards these).
    var touchesContent = true
    let run: @Sendable (inout Context) throws -> Void

    var name: String { path.joined(separator: " ") }

    /// Its entry in the table (a command without one is unreachable: see `CLI.select`).
    var help: CommandHelp { CommandTable.shared.command(path) ?? CommandHelp(path, summary: "") }

    /// What its command line accepts, besides the options of every command.
    var spec: ArgumentSpec { help.spec }

    /// Whether it first removes leftover edit files (`Editor.removeLeftovers`): the commands
    /// that use the editor (notes, the secret) and the agent's start.
    var cleansUpEditFiles: Bool {
        ["note", "notes", "secret"].contains(path.first ?? "") || path == ["agent"]
    }
}

/// Exit statuses, as documented in the README.
enum ExitCode: Int32 {
    case ok = 0
    /// Not found, or refused (e.g. authentication failed).
    case refused = 1
    /// Bad usage or bad input.
    case usage = 2
    /// The store could not be read or written.
    case storage = 3

    /// The status for a failure of `kind` (`FailureReport`).
    init(_ kind: FailureReport.Kind) {
        switch kind {
        case .refused: self = .refused
        case .invalidInput: self = .usage
        case .storage: self = .storage
        }
    }
}

/// A refusal raised by the CLI itself, with the message the user sees.
struct CLIError: Error {
    let message: String
    let code: ExitCode

    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }
    static func refused(_ message: String) -> CLIError { CLIError(message: message, code: .refused) }
}
