import Arguments
import ChecklistsApp
import ChecklistsKit
import Foundation
import LinuxAuthentication
import LocalAuthentication
import Localization

/// Everything a command needs: its arguments, the app session, how to print.
struct Context {
    var arguments: ParsedArguments
    let environment: [String: String]
    let output: Output
    let locale: UserLocale
    /// The app core: the store, the lock, the keychain, the reminders.
    let session: AppSession
    /// With `--stdin`: where passwords and passcodes are read.
    let standardInput: StandardInputPresenter?

    /// `--json` was given.
    var json: Bool { arguments.has("--json") }

    /// The data directory: `--home`, else `$CHECKLISTS_HOME`, else `$XDG_DATA_HOME/checklists`,
    /// else `~/.local/share/checklists`.
    var home: String { session.home }

    init(arguments: ParsedArguments, environment: [String: String], output: Output) {
        self.arguments = arguments
        self.environment = environment
        self.output = output
        let fromStdin = arguments.has("--stdin")
        let terminal = TerminalPresenter()
        let presenter: any AuthenticationPresenter
        standardInput = fromStdin ? StandardInputPresenter() : nil
        if let standardInput {
            presenter = standardInput
        } else if terminal.canPrompt {
            presenter = terminal
        } else {
            presenter = NonInteractivePresenter()
        }
        var configuration = Self.configuration(arguments, environment, presenter)
        locale = configuration.locale  // made once, from the same environment
        configuration.passcodes = SecretReader(fromStdin: fromStdin, presenter: presenter, output: output)
        if fromStdin {
            // One line per secret and no second try (the next line is the next secret's), and
            // no finger waited for: the fingerprint method's password copy opens it instead.
            configuration.authentication.passwordAttempts = 1
            configuration.authentication.biometrics = nil
        }
        configuration.questions = TerminalQuestions()
        configuration.notice = { Output.notice("checklists: \($0)") }
        configuration.remindersFailed = { error in
            Output.error(
                "checklists: "
                    + tr(
                        "warning: reminders not updated yet (%@); they will be once reminders.sqlite works again.",
                        "\(error)")
            )
        }
        session = AppSession(configuration: configuration)
    }

    /// The store, opened on first use (with the app lock on, after this session's unlock or
    /// an authentication).
    func store(reason: String = tr("Unlock Checklists.")) throws -> ChecklistStore { try session.store(reason: reason) }

    /// The session for content calls, unlocked first (with the app lock on, after this
    /// session's unlock or an authentication).
    func content(reason: String = tr("Unlock Checklists.")) throws -> AppSession {
        _ = try session.store(reason: reason)
        return session
    }

    /// What to report for `error`, a command's failure: with `--stdin`, a line that could not
    /// be read rather than the cancel it became.
    func reported(_ error: any Error) -> any Error {
        standardInput?.failure ?? error
    }

    /// With `--json`, `value` as JSON; else the lines `text` makes, one each.
    func show<Value: Encodable>(_ value: @autoclosure () throws -> Value, _ text: @autoclosure () -> [String]) throws {
        if json { try output.json(value()) } else { text().forEach(output.line) }
    }

    /// The positional arguments after the command's words.
    var positionals: [String] { arguments.positionals }

    /// The positional at `index`, or a usage error naming what is missing.
    func positional(_ index: Int, _ name: String) throws -> String {
        guard index < positionals.count else { throw CLIError.usage(tr("missing %@", name)) }
        return positionals[index]
    }

    /// Positionals from `index` on joined by spaces (so `item add L buy milk` needs no quotes).
    func rest(from index: Int, _ name: String) throws -> String {
        let words = positionals
        guard index < words.count else { throw CLIError.usage(tr("missing %@", name)) }
        // A loop, not `joined(separator:)`: the generic join looked up its iterator type at run
        // time, 2 % of an `item add`'s instructions.
        var text = words[index]
        for next in (index + 1)..<words.count {
            text += " "
            text += words[next]
        }
        return text
    }

    /// Refuses extra positionals beyond `count`, where an option lowers what the table's operands
    /// allow (`help --man`, `export --format json`); `CommandHelp.check` has refused the rest.
    func expectPositionals(atMost count: Int) throws {
        if positionals.count > count { throw ArgumentError.unexpectedArgument(positionals[count]) }
    }
}
