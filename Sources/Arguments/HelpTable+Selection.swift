extension HelpTable {
    /// The command a command line names. Global options may come before it (`checklists --home
    /// DIR lists`); the longest command whose words follow them wins.
    /// - Returns: The command and the other words (the leading options first), or nil and all
    ///   of `words` when they name no command.
    public func select(_ words: [String]) -> (command: CommandHelp?, rest: [String]) {
        let options = globalSpec.options
        var leading: [String] = []
        var index = 0
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            leading.append(words[index])
            if options.contains(words[index]), index + 1 < words.count {
                leading.append(words[index + 1])
                index += 1
            }
            index += 1
        }
        let remaining = Array(words[index...])
        guard let command = longestCommand(in: remaining) else { return (nil, words) }
        return (command, leading + remaining.dropFirst(command.path.count))
    }
}
