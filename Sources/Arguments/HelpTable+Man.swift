extension HelpTable {
    /// The man page in roff (man(7) macros), section 1.
    /// - Parameters:
    ///   - name: The NAME line's description ("private to-do lists and notes").
    ///   - version: Shown in the footer, e.g. "checklists 0.9.0".
    ///   - date: The page's date, YYYY-MM-DD (the commit's, so that builds are reproducible).
    public func manPage(name: String, version: String, date: String, seeAlso: [String] = []) -> String {
        var out = [
            ".TH \(program.uppercased()) 1 \(Self.quoted(date)) \(Self.quoted(version)) \"User Commands\"",
            ".SH NAME", "\(Self.roff(program)) \\- \(Self.roff(name))",
            ".SH SYNOPSIS", ".B \(Self.roff(program))", "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
            ".SH DESCRIPTION", Self.roff(summary), ".PP", Self.roff(defaultAction),
            ".SH COMMANDS",
        ]
        for command in commands where !command.hidden {
            out += [".TP", usageLine(command), Self.roff(command.summary)]
            guard !command.details.isEmpty || !command.options.isEmpty else { continue }
            out.append(".RS")
            for detail in command.details { out += [".PP", Self.roff(detail)] }
            for option in command.options { out += [".TP", Self.optionTerm(option), Self.roff(option.help)] }
            out.append(".RE")
        }
        out.append(".SH OPTIONS")
        for option in globalOptions + programOptions {
            out += [".TP", Self.optionTerm(option), Self.roff(option.help)]
        }
        for section in sections {
            out.append(".SH \(Self.roff(section.title.uppercased()))")
            for paragraph in section.paragraphs { out += [".PP", Self.roff(paragraph)] }
            for (term, text) in section.terms { out += [".TP", "\\fB\(Self.roff(term))\\fR", Self.roff(text)] }
        }
        if !seeAlso.isEmpty {
            out += [".SH SEE ALSO", seeAlso.map { Self.roff($0) }.joined(separator: ", ")]
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `\fBitem add\fR \fILIST\fR [\fIOPTIONS\fR]`.
    private func usageLine(_ command: CommandHelp) -> String {
        var words = ["\\fB\(Self.roff(command.name))\\fR"]
        for operand in command.operands {
            let word = "\\fI\(Self.roff(operand.name))\\fR" + (operand.variadic ? "..." : "")
            words.append(operand.optional ? "[\(word)]" : word)
        }
        if !command.options.isEmpty { words.append("[\\fIOPTIONS\\fR]") }
        return words.joined(separator: " ")
    }

    private static func optionTerm(_ option: OptionHelp) -> String {
        let names = (option.short.map { "\\fB\(roff($0))\\fR, " } ?? "") + "\\fB\(roff(option.name))\\fR"
        return names + (option.value.map { " \\fI\(roff($0))\\fR" } ?? "")
    }

    /// Text made safe for roff: backslashes and dashes escaped, no line starting a request.
    static func roff(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\n": escaped += "\n.br\n"
            case _ where character.isASCII: escaped.append(character)
            default:
                // groff reads ASCII: other characters as \[uXXXX] (man-db's preconv would do the same).
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        // A line that starts with a dot or an apostrophe would be read as a request.
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") && $0 != ".br" || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }

    private static func quoted(_ text: String) -> String {
        "\"" + roff(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
