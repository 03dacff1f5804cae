import Arguments

/// One CLI command: its words, help text, accepted options and what it does.
struct Command: Sendable {
    /// The words that select it, e.g. ["item", "add"].
    let path: [String]
    /// Usage line after "checklists ", e.g. "item add LIST TEXT [--due WHEN] [--remind]".
    let usage: String
    /// One-line summary for the command overview.
    let summary: String
    /// Further help lines shown by `--help`.
    var details: [String] = []
    var spec = ArgumentSpec()
    /// Whether the command reads or writes user content (the app lock guards these).
    var touchesContent = true
    let run: @Sendable (inout Context) throws -> Void

    var name: String { path.joined(separator: " ") }

    var help: String {
        (["Usage: checklists \(usage)", "", summary] + (details.isEmpty ? [] : [""] + details)
            + ["", "Common options: --json, --home DIR (data directory), --keychain auto|secret-service|file, --help"])
            .joined(separator: "\n")
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
}

/// A refusal raised by the CLI itself, with the message the user sees.
struct CLIError: Error {
    let message: String
    let code: ExitCode

    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }
    static func refused(_ message: String) -> CLIError { CLIError(message: message, code: .refused) }
}
