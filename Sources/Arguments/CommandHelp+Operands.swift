import Localization

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
        if let limit = maximumOperands, arguments.positionals.count > limit {
            throw .unexpectedArgument(arguments.positionals[limit])
        }
        try checkPaths(arguments)
    }

    /// Refuses an empty word where a path goes (`export --format ics ''`, `import ''`, `-o ''`):
    /// a usage mistake, named as `--home ''` is, not a file error from the system
    /// ("cannot write the export: : No such file or directory", exit 3).
    func checkPaths(_ arguments: ParsedArguments) throws(ArgumentError) {
        for option in options where option.kind == .directory && arguments.values[option.name]?.isEmpty == true {
            throw .invalid(tr("%@ needs a path, not \"\"", option.name))
        }
        for (index, word) in arguments.positionals.enumerated() where word.isEmpty {
            let operand = index < operands.count ? operands[index] : operands.last.flatMap { $0.variadic ? $0 : nil }
            if let operand, operand.kind == .directory { throw .invalid(tr("%@ needs a path, not \"\"", operand.name)) }
        }
    }
}
