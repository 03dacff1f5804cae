import Localization

/// What a command accepts: options that take a value and flags that do not.
public struct ArgumentSpec: Sendable {
    /// Options followed by a value, e.g. `--icon Chores` or `--icon=Chores`.
    public var options: Set<String>
    /// Options without a value, e.g. `--json`.
    public var flags: Set<String>
    /// Short spellings: `-h` → `--help`.
    public var aliases: [String: String]

    public init(options: Set<String> = [], flags: Set<String> = [], aliases: [String: String] = [:]) {
        self.options = options
        self.flags = flags
        self.aliases = aliases
    }

    /// Both specs' options and flags.
    public func merging(_ other: ArgumentSpec) -> ArgumentSpec {
        ArgumentSpec(
            options: options.union(other.options), flags: flags.union(other.flags),
            aliases: aliases.merging(other.aliases) { a, _ in a })
    }
}

/// Command-line words split into positionals, option values and flags.
public struct ParsedArguments: Sendable, Equatable {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    public init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    /// Whether `--name` was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of `--name`, or nil.
    public subscript(option: String) -> String? { values[option] }
}

/// Why the command line could not be read.
public enum ArgumentError: Error, Sendable, Equatable {
    case unknownOption(String)
    case missingValue(String)
    /// The word after an option that needs a value looks like an option itself (`--home --json`):
    /// the option, then that word. `--home=--json` still gives such a value on purpose.
    case optionAsValue(String, String)
    case unexpectedValue(String)
    case repeated(String)
    /// A positional word beyond the command's operands (`lock status foo`): that word.
    case unexpectedArgument(String)
    /// The options break one of the command's rules (`OptionRule`): the rule's message.
    case invalid(String)
}

extension ArgumentError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unknownOption(let o): tr("unknown option %@", o)
        case .missingValue(let o): tr("%@ needs a value", o)
        case .optionAsValue(let o, let word):
            tr("%@ needs a value, not the option \"%@\" (write %@=%@ if you mean it)", o, word, o, word)
        case .unexpectedValue(let o): tr("%@ takes no value", o)
        case .repeated(let o): tr("%@ given more than once", o)
        case .unexpectedArgument(let word): tr("unexpected argument \"%@\"", word)
        case .invalid(let message): message
        }
    }
}

/// Splits `words` by `spec`. Options may appear anywhere; `--` ends option parsing, so
/// `item add List -- --not-an-option` keeps the last word as text.
/// - Throws: `ArgumentError` for unknown options, missing values or repeats.
public func parseArguments(_ words: [String], spec: ArgumentSpec) throws(ArgumentError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < words.count {
        let word = words[index]
        index += 1
        if optionsEnded || word == "-" || !word.hasPrefix("-") || isNumber(word) {
            result.positionals.append(word)
            continue
        }
        if word == "--" {
            optionsEnded = true
            continue
        }
        var name = word
        var inlineValue: String?
        if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
            name = String(word[..<eq])
            inlineValue = String(word[word.index(after: eq)...])
        }
        name = spec.aliases[name] ?? name
        if spec.flags.contains(name) {
            if inlineValue != nil { throw .unexpectedValue(name) }
            result.flags.insert(name)
        } else if spec.options.contains(name) {
            if result.values[name] != nil { throw .repeated(name) }
            if let inlineValue {
                result.values[name] = inlineValue
            } else {
                guard index < words.count else { throw .missingValue(name) }
                // `--home --json` would take `--json` as the folder and silently drop the flag.
                if looksLikeOption(words[index], spec: spec) { throw .optionAsValue(name, words[index]) }
                result.values[name] = words[index]
                index += 1
            }
        } else {
            throw .unknownOption(name)
        }
    }
    return result
}

/// A long option's spelling (`--json`, `--`, `--due=x`) or a known short one (`-h`).
private func looksLikeOption(_ word: String, spec: ArgumentSpec) -> Bool {
    word.hasPrefix("--") || spec.aliases[word] != nil
}

private func isNumber(_ word: String) -> Bool {
    word.count > 1 && word.dropFirst().allSatisfy(\.isNumber)
}
