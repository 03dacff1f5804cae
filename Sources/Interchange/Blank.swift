/// Whether a text is empty or only white space and line ends.
enum Blank {
    /// The same as `text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty` (Unicode's
    /// White_Space property is that set), without Foundation's NSString bridging, which costs
    /// over a second at 100,000 items; it stops at the first other character.
    static func check(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
