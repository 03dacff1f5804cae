/// The one description of a program's commands, from which its `--help`, its man page and its
/// shell completions are all made, and against which its command line is read.
public struct HelpTable: Sendable {
    /// Headings and phrases in the user's language (the table's owner translates them).
    public struct Labels: Sendable {
        public var usage = "Usage:"
        public var commands = "Commands:"
        public var options = "Options:"
        public var commonOptions = "Options for every command:"
        public var withoutCommand = "With no command:"

        public init() {}
    }

    /// A section of the man page, e.g. ENVIRONMENT: a title and its paragraphs, or with
    /// `terms`, a list of term and description.
    public struct Section: Sendable {
        public let title: String
        public let paragraphs: [String]
        public let terms: [(String, String)]

        public init(_ title: String, paragraphs: [String] = [], terms: [(String, String)] = []) {
            self.title = title
            self.paragraphs = paragraphs
            self.terms = terms
        }
    }

    public let program: String
    /// One line: what the program is.
    public let summary: String
    /// What running the program without a command does.
    public let defaultAction: String
    public let commands: [CommandHelp]
    /// Options every command takes.
    public let globalOptions: [OptionHelp]
    /// Options only the program itself takes (`--version`).
    public let programOptions: [OptionHelp]
    /// Lines at the end of the overview (exit status and the like).
    public let footer: [String]
    /// Further man page sections (EXIT STATUS, ENVIRONMENT, FILES, …).
    public let sections: [Section]
    public var labels: Labels

    public init(
        program: String, summary: String, defaultAction: String, commands: [CommandHelp], globalOptions: [OptionHelp],
        programOptions: [OptionHelp] = [], footer: [String] = [], sections: [Section] = [], labels: Labels = Labels()
    ) {
        self.program = program
        self.summary = summary
        self.defaultAction = defaultAction
        self.commands = commands
        self.globalOptions = globalOptions
        self.programOptions = programOptions
        self.footer = footer
        self.sections = sections
        self.labels = labels
    }

    /// The global options' parser spec.
    public var globalSpec: ArgumentSpec { ArgumentSpec(options: globalOptions + programOptions) }

    /// The command named by exactly `path`.
    public func command(_ path: [String]) -> CommandHelp? {
        commands.first { $0.path == path }
    }

    /// The commands whose words start with `prefix` (a group such as `item`).
    public func commands(under prefix: [String]) -> [CommandHelp] {
        commands.filter { $0.path.starts(with: prefix) && !$0.hidden }
    }

    /// The longest command whose words start `words`, and how many words it took.
    public func longestCommand(in words: [String]) -> CommandHelp? {
        var best: CommandHelp?
        for command in commands where words.starts(with: command.path) {
            if command.path.count > (best?.path.count ?? 0) { best = command }
        }
        return best
    }

    /// The words that may follow `prefix` as the next word of a command (`add`, `edit`, … after `item`).
    public func nextWords(after prefix: [String], includingHidden: Bool = false) -> [String] {
        var seen: [String] = []
        for command in commands where command.path.count > prefix.count && command.path.starts(with: prefix) {
            if command.hidden && !includingHidden { continue }
            let word = command.path[prefix.count]
            if !seen.contains(word) { seen.append(word) }
        }
        return seen
    }
}
