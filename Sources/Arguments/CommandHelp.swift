/// What a shell may offer for a value: fixed words, or things only the store knows.
public enum ValueKind: Sendable, Equatable {
    /// Free text: nothing to offer.
    case text
    /// One of these words.
    case words([String])
    /// A checklist's name (from the store).
    case list
    /// An item's ID (from the store).
    case item
    /// A note's ID (from the store).
    case note
    /// An icon's name.
    case icon
    /// A directory on disk.
    case directory
    /// A command of this program.
    case command
}

/// A positional argument in the help table, e.g. `LIST` or `TEXT|-`.
public struct Operand: Sendable, Equatable {
    /// As shown in usage lines.
    public let name: String
    public let kind: ValueKind
    public let optional: Bool
    /// Takes the rest of the words (`item add Groceries Buy milk`).
    public let variadic: Bool

    public init(_ name: String, _ kind: ValueKind = .text, optional: Bool = false, variadic: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.variadic = variadic
    }

    var usage: String {
        let word = variadic ? name + "..." : name
        return optional ? "[\(word)]" : word
    }
}

/// An option in the help table: `--due WHEN` or the flag `--remind`.
public struct OptionHelp: Sendable, Equatable {
    /// The long name with its dashes, e.g. `--due`.
    public let name: String
    /// The value's name (`WHEN`); nil for a flag.
    public let value: String?
    public let kind: ValueKind
    public let help: String
    /// A short spelling, e.g. `-h`.
    public let short: String?

    /// An option that takes a value.
    public init(_ name: String, _ value: String, _ kind: ValueKind = .text, help: String, short: String? = nil) {
        self.name = name
        self.value = value
        self.kind = kind
        self.help = help
        self.short = short
    }

    /// A flag: an option without a value.
    public init(flag name: String, help: String, short: String? = nil) {
        self.name = name
        value = nil
        kind = .text
        self.help = help
        self.short = short
    }

    /// `--due WHEN`, or `-h, --help`.
    var signature: String {
        (short.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
    }
}

/// One command in the help table: its words, arguments, options and texts.
public struct CommandHelp: Sendable, Equatable {
    /// The words that select it, e.g. `["item", "add"]`.
    public let path: [String]
    public let operands: [Operand]
    public let options: [OptionHelp]
    /// One line for the overview.
    public let summary: String
    /// Further lines for `--help` and the man page.
    public let details: [String]
    /// Left out of the overview, the man page and command completion.
    public let hidden: Bool
    /// What its options must satisfy beyond the spec (`check(_:)`), in the order checked.
    public let rules: [OptionRule]

    public init(
        _ path: [String], _ operands: [Operand] = [], options: [OptionHelp] = [], rules: [OptionRule] = [],
        summary: String, details: [String] = [], hidden: Bool = false
    ) {
        self.path = path
        self.operands = operands
        self.options = options
        self.rules = rules
        self.summary = summary
        self.details = details
        self.hidden = hidden
    }

    /// `item add`.
    public var name: String { path.joined(separator: " ") }

    /// The usage line after the program's name: `item add LIST TEXT|-... [OPTIONS]`.
    public var usage: String {
        ([name] + operands.map(\.usage) + (options.isEmpty ? [] : ["[OPTIONS]"])).joined(separator: " ")
    }

    /// What the parser accepts for this command (the global options are merged in by the caller).
    public var spec: ArgumentSpec {
        ArgumentSpec(options: options)
    }
}

extension ArgumentSpec {
    /// The options, flags and short spellings of `options`.
    public init(options: [OptionHelp]) {
        self.init(
            options: Set(options.filter { $0.value != nil }.map(\.name)),
            flags: Set(options.filter { $0.value == nil }.map(\.name)),
            aliases: Dictionary(options.compactMap { o in o.short.map { ($0, o.name) } }) { a, _ in a })
    }
}
