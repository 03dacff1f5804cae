extension HelpTable {
    /// `program --help`: what the program is, every command, the options every command takes.
    public var overview: String {
        var lines = [summary, "", "\(labels.usage) \(program) [COMMAND] [OPTIONS]", defaultAction, ""]
        lines.append(labels.commands)
        lines += commandList(commands.filter { !$0.hidden })
        lines += ["", labels.commonOptions]
        lines += optionList(globalOptions + programOptions)
        if !footer.isEmpty { lines += [""] + footer }
        return lines.joined(separator: "\n")
    }

    /// `program GROUP --help`: the commands of a group such as `item`.
    public func groupHelp(_ prefix: [String]) -> String {
        ([labels.commands] + commandList(commands(under: prefix))).joined(separator: "\n")
    }

    /// `program COMMAND --help`: usage, summary, details and options of one command.
    public func help(for command: CommandHelp) -> String {
        var lines = ["\(labels.usage) \(program) \(command.usage)", "", command.summary]
        if !command.details.isEmpty { lines += [""] + command.details.flatMap { Self.wrap($0, width: 80) } }
        let subcommands = commands(under: command.path).filter { $0.path.count > command.path.count }
        if !subcommands.isEmpty { lines += ["", labels.commands] + commandList(subcommands) }
        if !command.options.isEmpty { lines += ["", labels.options] + optionList(command.options) }
        let common = globalOptions.map { $0.name + ($0.value.map { " \($0)" } ?? "") }
        lines += ["", "\(labels.commonOptions) \(common.joined(separator: ", "))"]
        return lines.joined(separator: "\n")
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }

    private func commandList(_ list: [CommandHelp]) -> [String] {
        list.flatMap { ["  \($0.usage)", "      \($0.summary)"] }
    }

    private func optionList(_ options: [OptionHelp]) -> [String] {
        let width = min(28, options.map(\.signature.count).max() ?? 0)
        return options.map { option in
            let signature = option.signature
            let pad = String(repeating: " ", count: max(2, width - signature.count + 2))
            return "  \(signature)\(pad)\(option.help)"
        }
    }
}
