/// A word a shell may offer, with a line saying what it is (zsh and fish show it).
public struct Candidate: Sendable, Equatable {
    public let word: String
    public let help: String

    public init(_ word: String, help: String = "") {
        self.word = word
        self.help = help
    }
}

/// What may complete the word under the cursor: words from the table, and perhaps a kind of
/// value that only the caller can list (list names, item IDs, icons, directories).
public struct Completions: Sendable, Equatable {
    public var candidates: [Candidate] = []
    public var dynamic: ValueKind?
    /// The part of the word being completed before the value (`--home=`): the dynamic values
    /// complete what follows it, and go after it.
    public var kept = ""

    public init(candidates: [Candidate] = [], dynamic: ValueKind? = nil, kept: String = "") {
        self.candidates = candidates
        self.dynamic = dynamic
        self.kept = kept
    }
}

extension HelpTable {
    /// What may complete `current`, given the words before it (without the program's name).
    public func completions(after words: [String], current: String) -> Completions {
        var path: [String] = []
        var operandWords: [String] = []
        var pendingOption: OptionHelp?
        var optionsEnded = false
        for word in words {
            if pendingOption != nil {
                pendingOption = nil
                continue
            }
            if !optionsEnded && word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded && word.hasPrefix("-") && word != "-" && !isNumber(word) {
                let name = String(word.prefix { $0 != "=" })
                if let option = option(named: name, in: command(path)), option.value != nil, !word.contains("=") {
                    pendingOption = option
                }
                continue
            }
            if operandWords.isEmpty && nextWords(after: path).contains(word) {
                path.append(word)
            } else {
                operandWords.append(word)
            }
        }
        let command = command(path)
        if let pendingOption { return values(pendingOption.kind, current: current, after: []) }
        if !optionsEnded, current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
            let option = option(named: String(current[..<equals]), in: command), option.value != nil
        {
            let kept = String(current[...equals])
            var result = values(option.kind, current: String(current[current.index(after: equals)...]), after: [])
            result.candidates = result.candidates.map { Candidate(kept + $0.word, help: $0.help) }
            result.kept = kept
            return result
        }
        if !optionsEnded && current.hasPrefix("-") {
            var options = (command?.options ?? []) + globalOptions
            if path.isEmpty { options += programOptions }
            return Completions(
                candidates: options.map { Candidate($0.name, help: $0.help) }.filter { $0.word.hasPrefix(current) })
        }
        var result = Completions()
        if operandWords.isEmpty {
            result.candidates = nextWords(after: path).map { word in
                Candidate(word, help: self.command(path + [word])?.summary ?? "")
            }.filter { $0.word.hasPrefix(current) }
        }
        guard let command else { return result }
        let operands = command.operands
        let operand: Operand? =
            operandWords.count < operands.count
            ? operands[operandWords.count] : (operands.last?.variadic == true ? operands.last : nil)
        guard let operand else { return result }
        let more = values(operand.kind, current: current, after: operandWords)
        result.candidates += more.candidates
        result.dynamic = more.dynamic
        return result
    }

    private func values(_ kind: ValueKind, current: String, after operandWords: [String]) -> Completions {
        switch kind {
        case .text: Completions()
        case .words(let words): Completions(candidates: words.filter { $0.hasPrefix(current) }.map { Candidate($0) })
        case .command:
            Completions(
                candidates: nextWords(after: operandWords).map {
                    Candidate($0, help: command(operandWords + [$0])?.summary ?? "")
                }.filter { $0.word.hasPrefix(current) })
        case .list, .item, .note, .icon, .directory: Completions(dynamic: kind)
        }
    }

    /// The option `name` (long or short) of `command` or of every command.
    func option(named name: String, in command: CommandHelp?) -> OptionHelp? {
        ((command?.options ?? []) + globalOptions + programOptions).first { $0.name == name || $0.short == name }
    }

    private func isNumber(_ word: String) -> Bool {
        word.count > 1 && word.dropFirst().allSatisfy(\.isNumber)
    }
}
