import ChecklistsKit

/// A one-line text field: Unicode text edited by whole characters, with a cursor.
public struct TextField: Sendable, Equatable {
    public private(set) var characters: [Character]
    /// The cursor, as a character index (0...count).
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text as typed.
    public var text: String { String(characters) }

    /// Whether the text is empty or only blanks.
    public var isBlank: Bool { ChecklistStore.isBlank(String(characters)) }

    /// Applies an editing key; returns false for keys a field does not use.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c): insert(String(c))
        case .paste(let text): insert(text)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        default: return false
        }
        return true
    }

    /// Replaces the whole text (changed elsewhere); the cursor stays, inside the new text.
    public mutating func replaceText(_ text: String) {
        characters = Array(text)
        cursor = min(cursor, characters.count)
    }

    /// Inserts `text` at the cursor (typing or a paste); line breaks and tabs become spaces.
    public mutating func insert(_ text: String) {
        let cleaned = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }
            .filter { !$0.unicodeScalars.allSatisfy { $0.value < 32 || $0.value == 127 } }
        characters.insert(contentsOf: cleaned, at: cursor)
        cursor += cleaned.count
    }

    /// The part that fits in `width` cells around the cursor, and the cursor's column in it.
    public func visible(width: Int) -> (text: String, cursorColumn: Int) {
        Self.window(characters, cursor: cursor, width: width)
    }

    /// The part of `characters` that fits in `width` cells around `cursor` (a character index),
    /// and the cursor's column in it: a one-line field, or the cursor's line of a note's body.
    static func window(_ characters: [Character], cursor: Int, width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 1 else { return ("", 0) }
        // Scroll so the cursor stays inside the field (one cell kept for it at the end): back from
        // the cursor, as many characters as fit. Measuring from the front again for each start was
        // quadratic, and editing a 13 MB item (the cursor at its end) never drew.
        var start = cursor
        var before = 0
        while start > 0 {
            let w = CellWidth.of(String(characters[start - 1]))
            if before + w > width - 1 { break }
            before += w
            start -= 1
        }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let w = CellWidth.of(String(character))
            if used + w > width { break }
            shown.append(character)
            used += w
        }
        return (shown, before)
    }
}
