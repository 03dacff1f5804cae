extension CommandHelp {
    /// Whether its last operand takes the rest of the line (`item add LIST TEXT...`: the text
    /// may be several words, so no word is ever surplus).
    public var takesRestOfLine: Bool { operands.last?.variadic == true }

    /// How many positional words it takes at most: one per operand, or nil when the last
    /// operand takes the rest of the line.
    public var maximumOperands: Int? { takesRestOfLine ? nil : operands.count }

    /// Refuses positional words beyond the declared operands, so that `lock status foo` is an
    /// error rather than `lock status` with a word silently dropped. Missing operands are the
    /// command's own to report (it names what is missing).
    /// - Throws: `ArgumentError.unexpectedArgument` with the first surplus word.
    public func checkOperands(_ arguments: ParsedArguments) throws(ArgumentError) {
        guard let limit = maximumOperands, arguments.positionals.count > limit else { return }
        throw .unexpectedArgument(arguments.positionals[limit])
    }
}
