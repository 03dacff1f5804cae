/// A condition on one command's options that the parser's spec cannot say (an option that must
/// be given, two that exclude each other, a value out of range), with the message the user sees
/// when it fails. The command table declares them; `CommandHelp.check(_:)` applies them in
/// order before the command runs, so no front end repeats them.
public struct OptionRule: Sendable, Equatable {
    /// What the options must satisfy.
    public enum Condition: Sendable, Equatable {
        /// This option must be given.
        case required(String)
        /// At least one of these options must be given (a command that changes something).
        case anyOf([String])
        /// The option's value, when given, is one of these words.
        case oneOf(String, [String])
        /// The option's value, when given, is a whole number in this range.
        case integer(String, ClosedRange<Int>)
        /// The option's value, when given, is a number (fractions allowed) of at least zero.
        case nonNegative(String)
    }

    public let condition: Condition
    /// What the user sees when the rule fails; for `oneOf`, a `%@` in it is the value given.
    public let message: String

    public init(_ condition: Condition, message: String) {
        self.condition = condition
        self.message = message
    }

    /// The options the rule speaks of (each must be one of the command's own).
    public var options: [String] {
        switch condition {
        case .required(let name), .oneOf(let name, _), .integer(let name, _), .nonNegative(let name): [name]
        case .anyOf(let names): names
        }
    }

    /// The message when `arguments` break the rule, else nil.
    public func failure(in arguments: ParsedArguments) -> String? {
        func given(_ name: String) -> Bool { arguments[name] != nil || arguments.has(name) }
        switch condition {
        case .required(let name):
            return given(name) ? nil : message
        case .anyOf(let names):
            return names.contains(where: given) ? nil : message
        case .oneOf(let name, let words):
            guard let value = arguments[name], !words.contains(value) else { return nil }
            return message.replacing("%@", with: value)
        case .integer(let name, let range):
            guard let value = arguments[name] else { return nil }
            return Int(value).map(range.contains) == true ? nil : message
        case .nonNegative(let name):
            guard let value = arguments[name] else { return nil }
            return Double(value).map { $0 >= 0 } == true ? nil : message
        }
    }
}

extension CommandHelp {
    /// Applies the command's rules in order, then refuses positional words beyond its operands
    /// (`checkOperands(_:)`).
    /// - Throws: `ArgumentError.invalid` with the message of the first rule `arguments` break,
    ///   else `ArgumentError.unexpectedArgument` with the first surplus word.
    public func check(_ arguments: ParsedArguments) throws(ArgumentError) {
        for rule in rules {
            if let message = rule.failure(in: arguments) { throw .invalid(message) }
        }
        try checkOperands(arguments)
    }
}
