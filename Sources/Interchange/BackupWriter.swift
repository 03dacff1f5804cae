import TerminalText

/// Writes a `BackupDocument` as JSON the way Foundation's `JSONEncoder` does with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two-space indents, `"key" : value`,
/// keys in UTF-8 order, an empty container as "[\n\n]", C0 controls as \b \f \n \r \t or
/// \u00xx), except that DEL, the C1 controls and the bidi marks are written as `\uXXXX` too
/// (`TerminalText.appendEscapingControls`, as `--json` does): `export -o -` on a terminal, or a
/// backup shown with `cat`, cannot steer it. Backups of text without those are the bytes
/// `JSONEncoder` wrote. `JSONEncoder` built a tree of boxed values first: over half of a
/// 100,000-item export.
struct BackupWriter {
    private var bytes: [UInt8] = []
    private var indent = 0
    /// Whether the open container has no element yet.
    private var first = true

    /// The document's JSON, without a final newline.
    static func encode(_ document: BackupDocument) -> [UInt8] {
        var writer = BackupWriter()
        writer.bytes.reserveCapacity(4096 + document.lists.reduce(0) { $0 + 80 + $1.items.count * 320 })
        writer.write(document)
        return writer.bytes
    }

    private mutating func write(_ document: BackupDocument) {
        begin(123)
        key("format")
        string(document.format)
        key("lists")
        begin(91)
        for list in document.lists { write(list) }
        end(93)
        key("notes")
        begin(91)
        for note in document.notes { write(note) }
        end(93)
        if let secret = document.secret {
            key("secret")
            string(secret)
        }
        key("settings")
        begin(123)
        for (name, value) in document.settings.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            element()
            string(name)
            raw(" : ")
            number(value)
        }
        end(125)
        key("tombstones")
        begin(91)
        for grave in document.tombstones {
            element()
            begin(123)
            key("deleted")
            string(grave.deleted)
            key("kind")
            string(grave.kind)
            key("uid")
            string(grave.uid)
            end(125)
        }
        end(93)
        key("version")
        number(Int64(document.version))
        end(125)
    }

    private mutating func write(_ list: BackupDocument.List) {
        element()
        begin(123)
        key("created")
        string(list.created)
        key("icon")
        string(list.icon)
        key("id")
        number(list.id)
        key("items")
        begin(91)
        for item in list.items { write(item) }
        end(93)
        key("modified")
        string(list.modified)
        key("name")
        string(list.name)
        key("uid")
        string(list.uid)
        end(125)
    }

    private mutating func write(_ item: BackupDocument.Item) {
        element()
        begin(123)
        if item.allDay == true {
            key("allDay")
            bool(true)
        }
        key("checked")
        bool(item.checked)
        key("created")
        string(item.created)
        if let due = item.due {
            key("due")
            string(due)
        }
        key("id")
        number(item.id)
        key("modified")
        string(item.modified)
        key("remind")
        bool(item.remind)
        key("text")
        string(item.text)
        key("uid")
        string(item.uid)
        end(125)
    }

    private mutating func write(_ note: BackupDocument.Note) {
        element()
        begin(123)
        key("body")
        string(note.body)
        key("created")
        string(note.created)
        key("id")
        number(note.id)
        key("modified")
        string(note.modified)
        key("title")
        string(note.title)
        key("uid")
        string(note.uid)
        end(125)
    }

    // MARK: - Containers

    /// Opens an object (123, "{") or an array (91, "[").
    private mutating func begin(_ bracket: UInt8) {
        bytes.append(bracket)
        bytes.append(10)
        indent += 1
        first = true
    }

    /// Closes an object (125) or an array (93) on its own line.
    private mutating func end(_ bracket: UInt8) {
        bytes.append(10)
        indent -= 1
        writeIndent()
        bytes.append(bracket)
        first = false
    }

    /// Starts the next element of an array.
    private mutating func element() {
        if !first { raw(",\n") }
        first = false
        writeIndent()
    }

    /// Starts the next member of an object: its key (plain ASCII) and " : ".
    private mutating func key(_ name: StaticString) {
        element()
        bytes.append(34)
        raw(name)
        raw("\" : ")
    }

    private mutating func writeIndent() {
        for _ in 0..<indent { raw("  ") }
    }

    /// Bytes that need no escaping, without making an array of them.
    private mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // MARK: - Values

    private mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    private mutating func number(_ value: Int64) {
        bytes += String(value).utf8
    }

    /// A JSON string: the runs between the bytes the encoder escapes are found eight bytes at a
    /// time (a 13 MB note took 7.5 s byte by byte in a debug build) and appended with their
    /// terminal controls escaped.
    private mutating func string(_ text: String) {
        bytes.append(34)
        var text = text
        text.withUTF8 { utf8 in
            var mark = 0
            var index = 0
            let count = utf8.count
            while index < count {
                index = Self.plainRun(utf8, from: index)
                guard index < count else { break }
                TerminalText.appendEscapingControls(UnsafeBufferPointer(rebasing: utf8[mark..<index]), to: &bytes)
                escape(utf8[index])
                index += 1
                mark = index
            }
            TerminalText.appendEscapingControls(UnsafeBufferPointer(rebasing: utf8[mark..<count]), to: &bytes)
        }
        bytes.append(34)
    }

    /// Where the first byte at or after `start` that needs an escape (a control character, a
    /// quote or a backslash) is, or the end.
    static func plainRun(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = utf8.baseAddress else { return start }
        let count = utf8.count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // Some byte is below 0x20, or is 0x22 or 0x5C (zero after the XOR), exactly when a
            // high bit survives (the usual "has less" and "has zero" word tests); a word that
            // may have one is looked at byte by byte.
            let quote = word ^ (ones &* 0x22)
            let slash = word ^ (ones &* 0x5C)
            let control = (word &- ones &* 0x20) & ~word
            let flagged = (control | (quote &- ones) & ~quote | (slash &- ones) & ~slash) & highs
            if flagged != 0 { break }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte < 0x20 || byte == 34 || byte == 92 { return index }
            index += 1
        }
        return count
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 34: raw("\\\"")
        case 92: raw("\\\\")
        case 8: raw("\\b")
        case 12: raw("\\f")
        case 10: raw("\\n")
        case 13: raw("\\r")
        case 9: raw("\\t")
        default:
            raw("\\u00")
            bytes.append(Self.hex(byte >> 4))
            bytes.append(Self.hex(byte & 15))
        }
    }

    private static func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 48 + digit : 87 + digit }
}
