/// One key press (or terminal event) as the screens see it, independent of curses.
public enum Key: Sendable, Equatable {
    /// A printable character (also Space).
    case character(Character)
    /// A control key: `control("z")` is Ctrl-Z.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// The terminal changed size.
    case resize
    /// The terminal gained (true) or lost (false) the focus (`CSI ? 1004 h` reporting).
    case focus(Bool)
    /// Text the user pasted (bracketed paste, `CSI ? 2004 h`): only text fields take it, so a
    /// paste is never read as keys (Esc, Enter, `q`, `d`). Line breaks and tabs are kept, other
    /// control codes are dropped: of an escape sequence only its ESC goes, and the rest (`[31m`)
    /// stays as the text it is, harmless once ESC is gone (`aPasteIsTextNeverKeys`).
    case paste(String)

    /// A key from a decoded character: control codes become their named keys.
    public init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 8, 127: self = .backspace
        case 1...26: self = .control(Character(Unicode.Scalar(scalar.value + 96) ?? "?"))
        default: self = .character(Character(scalar))
        }
    }

    /// Whether this is the plain character `c`.
    public func `is`(_ c: Character) -> Bool { self == .character(c) }

    /// Down-like keys of the vim and arrow sets.
    var isDown: Bool { self == .down || self.is("j") }
    /// Up-like keys of the vim and arrow sets.
    var isUp: Bool { self == .up || self.is("k") }
    /// "Go back": `q` or Esc.
    var isBack: Bool { self == .escape || self.is("q") }
}
