/// A bash command line up to the cursor, read into words as bash would read them (quotes and
/// backslashes removed), and what readline replaces when it inserts a completion.
///
/// bash hands a completion function the words split at `=` and `:` as well, with their quotes
/// still on; reading the line here instead gives `--home '/tmp/my home'` and
/// `--home=/tmp/my\ home` the value the command will get.
public struct ShellLine: Sendable, Equatable {
    /// The words before the one being typed, unquoted (the first is the program).
    public private(set) var words: [String] = []
    /// The word being typed, unquoted ("" after a space).
    public private(set) var current = ""
    /// The unquoted start of `current` that readline keeps: up to an unquoted `=` or `:`
    /// (they end a word for readline), or up to a quote that is still open.
    private var kept = ""
    /// The quote still open at the cursor (`'` or `"`), if any.
    private var openQuote: Character?

    /// Reads `line`; a word before the one typed that starts with an unquoted `~` or `~/` has
    /// it replaced with `home`, as bash does.
    public init(_ line: String, home: String? = nil) {
        var quote: Character?
        var tilde = false
        var escaped = false
        var started = false
        var beforeBreak = ""
        var beforeQuote = ""
        for character in line {
            if escaped {
                escaped = false
                if quote == "\"" && !"$`\"\\\n".contains(character) { current.append("\\") }
                if character != "\n" { current.append(character) }
            } else if quote == "'" {
                if character == "'" { quote = nil } else { current.append(character) }
            } else if character == "\\" {
                escaped = true
                started = true
            } else if quote == "\"" {
                if character == "\"" { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                beforeQuote = current
                started = true
            } else if character == " " || character == "\t" || character == "\n" {
                if started {
                    let expands = tilde && (current == "~" || current.hasPrefix("~/"))
                    words.append(expands ? (home ?? "~") + current.dropFirst() : current)
                }
                current = ""
                tilde = false
                beforeBreak = ""
                started = false
            } else {
                if character == "~" && !started { tilde = true }
                current.append(character)
                if character == "=" || character == ":" { beforeBreak = current }
                started = true
            }
        }
        openQuote = quote
        kept = quote == nil ? beforeBreak : beforeQuote
    }

    /// What bash should put in place of the text readline replaces so that the word reads
    /// `word`, quoted as needed; nil when it cannot (a control character, a quote that the open
    /// one cannot hold, or a word that does not keep the part readline leaves alone).
    public func replacement(for word: String) -> String? {
        guard word.hasPrefix(kept), !word.unicodeScalars.contains(where: Self.isControl) else { return nil }
        let rest = word.dropFirst(kept.count)
        switch openQuote {
        case "'": return rest.contains("'") ? nil : String(rest)
        case "\"": return rest.contains(where: { "\"$`\\!".contains($0) }) ? nil : String(rest)
        default:
            return rest.map { character in
                character.isASCII && !(character.isLetter || character.isNumber || "_./,+@%-".contains(character))
                    ? "\\" + String(character) : String(character)
            }.joined()
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
