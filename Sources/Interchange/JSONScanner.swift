#if canImport(Glibc)
    import Glibc
#endif

/// Reads JSON (RFC 8259) from UTF-8 bytes straight into the values a caller asks for: no tree
/// of `Any`, no NSNumber. The caller walks the document (`object`, `array`, `string`, …) and
/// says what type it wants where; a value of another type is `JSONProblem.wrongType`, damaged
/// text is `.notJSON`. The bytes must already be valid UTF-8 (checked once by the caller).
final class JSONScanner {
    /// Containers nested deeper than this are refused (skipping unknown values recurses).
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var at = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads an object, calling `body` with each key; `body` reads (or skips) the value.
    func object(_ body: (String) throws(JSONProblem) -> Void) throws(JSONProblem) {
        try members({ () throws(JSONProblem) in try rawString() }, body)
    }

    /// Reads an object whose keys a schema names, calling `body` with each key's position in
    /// `keys` (nil for another key); `body` reads (or skips) the value. A key without escapes is
    /// matched on its bytes: no String is made for the eight keys of each of 100,000 items.
    func object(keys: [StaticString], _ body: (Int?) throws(JSONProblem) -> Void) throws(JSONProblem) {
        try members({ () throws(JSONProblem) in try matchKey(keys) }, body)
    }

    /// The members of an object: each key as `readKey` reads it (from its opening quote), then
    /// `body`, which reads the value.
    private func members<Key>(
        _ readKey: () throws(JSONProblem) -> Key, _ body: (Key) throws(JSONProblem) -> Void
    ) throws(JSONProblem) {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { depth -= 1 }
        at += 1
        if try peek() == UInt8(ascii: "}") {
            at += 1
            return
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw .notJSON }
            let key = try readKey()
            guard try peek() == UInt8(ascii: ":") else { throw .notJSON }
            at += 1
            try body(key)
            switch try peek() {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"):
                at += 1
                return
            default: throw .notJSON
            }
        }
    }

    /// The position in `keys` of the key whose opening quote is at `at` (consumed), or nil.
    private func matchKey(_ keys: [StaticString]) throws(JSONProblem) -> Int? {
        let start = at + 1
        var end = start
        let count = bytes.count
        while end < count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            end += 1
        }
        guard end < count, bytes[end] == UInt8(ascii: "\"") else {
            // Escapes (or damage): read the whole string and compare it.
            let key = try rawString()
            return keys.firstIndex { $0.description == key }
        }
        at = end + 1
        let length = end - start
        return bytes.withUnsafeBufferPointer { buffer in
            keys.firstIndex { key in
                key.utf8CodeUnitCount == length && memcmp(buffer.baseAddress! + start, key.utf8Start, length) == 0
            }
        }
    }

    /// Reads an array, calling `body` with each element's index; `body` reads the element.
    func array(_ body: (Int) throws(JSONProblem) -> Void) throws(JSONProblem) {
        try expect(UInt8(ascii: "["))
        try enter()
        defer { depth -= 1 }
        at += 1
        if try peek() == UInt8(ascii: "]") {
            at += 1
            return
        }
        var index = 0
        while true {
            try body(index)
            index += 1
            switch try peek() {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "]"):
                at += 1
                return
            default: throw .notJSON
            }
        }
    }

    func string() throws(JSONProblem) -> String {
        try expect(UInt8(ascii: "\""))
        return try rawString()
    }

    /// A string; `previous` itself when the value's bytes are exactly its bytes (no copy made):
    /// a backup's times repeat, and an item's "modified" is mostly its "created".
    func string(sameAs previous: String?) throws(JSONProblem) -> String {
        try expect(UInt8(ascii: "\""))
        guard var previous else { return try rawString() }
        let start = at + 1
        let matches = previous.withUTF8 { old in
            let end = start + old.count
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return false }
            for (offset, byte) in old.enumerated() {
                // A quote, backslash or control byte in the text would read differently here.
                guard byte == bytes[start + offset], byte >= 0x20, byte != UInt8(ascii: "\""),
                    byte != UInt8(ascii: "\\")
                else { return false }
            }
            return true
        }
        guard matches else { return try rawString() }
        at = start + previous.utf8.count + 1
        return previous
    }

    /// A string, or nil for `null`.
    func optionalString() throws(JSONProblem) -> String? {
        if try peek() == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try string()
    }

    func bool() throws(JSONProblem) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        case let other: throw Self.mismatch(other)
        }
    }

    /// An integer: digits without a fraction, or a number whose value is a whole Int64.
    func integer() throws(JSONProblem) -> Int64 {
        try expect(UInt8(ascii: "-"), orDigit: true)
        let (start, plain) = try number()
        let negative = bytes[start] == UInt8(ascii: "-")
        if plain, at - start <= 18 {
            var value: Int64 = 0
            for byte in bytes[(negative ? start + 1 : start)..<at] { value = value * 10 + Int64(byte - 48) }
            return negative ? -value : value
        }
        if plain {
            // 19 digits are read exactly too (through Double, 1000000000000000001 was 10^18, and
            // 9223372036854775807 had "the wrong type"); more than Int64 holds has the wrong type.
            var value: Int64 = 0
            for byte in bytes[(negative ? start + 1 : start)..<at] {
                let (tens, over) = value.multipliedReportingOverflow(by: 10)
                let (next, past) = tens.subtractingReportingOverflow(Int64(byte - 48))
                guard !over, !past else { throw .wrongType }
                value = next
            }
            if negative { return value }
            guard value != .min else { throw .wrongType }
            return -value
        }
        guard let value = Double(String(decoding: bytes[start..<at], as: UTF8.self)), value.isFinite,
            value == value.rounded(), abs(value) < 9.2e18
        else { throw .wrongType }
        return Int64(value)
    }

    /// Skips one value of any type.
    func skip() throws(JSONProblem) {
        switch try peek() {
        case UInt8(ascii: "{"): try object { _ throws(JSONProblem) in try skip() }
        case UInt8(ascii: "["): try array { _ throws(JSONProblem) in try skip() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    /// Checks that only white space follows the top-level value.
    func finish() throws(JSONProblem) {
        skipSpace()
        guard at == bytes.count else { throw .notJSON }
    }

    // MARK: - Bytes

    /// Scans with a local index and stores `at` once: an access to a class's stored property
    /// may be checked for exclusivity at run time, which per byte adds up over 31 MB.
    private func skipSpace() {
        var index = at
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case 32, 9, 10, 13: index += 1
            default:
                at = index
                return
            }
        }
        at = index
    }

    /// The next byte after white space (not consumed).
    private func peek() throws(JSONProblem) -> UInt8 {
        skipSpace()
        guard at < bytes.count else { throw .notJSON }
        return bytes[at]
    }

    /// Checks that the next value starts with `byte` (or a digit): another value is the wrong
    /// type, anything that starts no value is not JSON.
    private func expect(_ byte: UInt8, orDigit: Bool = false) throws(JSONProblem) {
        let next = try peek()
        if next == byte || orDigit && (48...57).contains(next) { return }
        throw Self.mismatch(next)
    }

    /// A value that starts with `byte` where another type was wanted: the wrong type if `byte`
    /// starts a JSON value, else not JSON.
    private static func mismatch(_ byte: UInt8) -> JSONProblem {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), 48...57,
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            .wrongType
        default: .notJSON
        }
    }

    private func enter() throws(JSONProblem) {
        depth += 1
        guard depth <= Self.maxDepth else { throw .notJSON }
    }

    private func literal(_ word: StaticString) throws(JSONProblem) {
        let count = word.utf8CodeUnitCount
        guard at <= bytes.count - count else { throw .notJSON }
        for offset in 0..<count where bytes[at + offset] != word.utf8Start[offset] { throw .notJSON }
        at += count
    }

    /// Scans a number; returns where it starts and whether it is plain digits (no fraction or exponent).
    private func number() throws(JSONProblem) -> (Int, Bool) {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { throw .notJSON }
        // No leading zeros ("01").
        let first = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        guard bytes[first] != 48 || at - first == 1 else { throw .notJSON }
        var plain = true
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            plain = false
            guard digits() > 0 else { throw .notJSON }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            plain = false
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw .notJSON }
        }
        return (start, plain)
    }

    private func digits() -> Int {
        let start = at
        while at < bytes.count, (48...57).contains(bytes[at]) { at += 1 }
        return at - start
    }

    /// The string whose opening quote is at `at`.
    private func rawString() throws(JSONProblem) -> String {
        let start = at + 1
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                at = index + 1
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 {
                at = index
                guard byte >= 0x20 else { throw .notJSON }
                return try escapedString(start)
            }
            index += 1
        }
        at = index
        throw .notJSON
    }

    /// The rest of a string with escapes, from `start` (after its quote).
    private func escapedString(_ start: Int) throws(JSONProblem) -> String {
        var out = Array(bytes[start..<at])
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { throw .notJSON }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"): out += try unicodeEscape()
                default: throw .notJSON
                }
            default:
                guard byte >= 0x20 else { throw .notJSON }
                out.append(byte)
            }
        }
        throw .notJSON
    }

    /// The UTF-8 of a \uXXXX escape (after the "u"), with its low surrogate when it is a high one.
    private func unicodeEscape() throws(JSONProblem) -> [UInt8] {
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value) {
            guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                throw .notJSON
            }
            at += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .notJSON }
            value = 0x10000 + (value - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw .notJSON }
        return Array(String(Character(scalar)).utf8)
    }

    private func hex4() throws(JSONProblem) -> UInt32 {
        guard at <= bytes.count - 4 else { throw .notJSON }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw .notJSON
            }
            value = value << 4 | UInt32(digit)
        }
        at += 4
        return value
    }
}

/// What is wrong with a JSON document, and where (the path is filled in on the way out).
struct JSONProblem: Error, Equatable {
    enum Kind: Equatable {
        case notJSON
        case wrongType
        case missing(String)
    }

    var kind: Kind
    /// Keys and "[n]" indexes from the top.
    var path: [String] = []

    static let notJSON = JSONProblem(kind: .notJSON)
    static let wrongType = JSONProblem(kind: .wrongType)

    /// The problem one level further out.
    func inside(_ part: String) -> JSONProblem {
        JSONProblem(kind: kind, path: [part] + path)
    }

    /// "lists[0].items[2].checked has the wrong type", "lists[0].id is missing", "not JSON".
    var description: String {
        let place = path.reduce("") { $0 + ($1.hasPrefix("[") || $0.isEmpty ? $1 : "." + $1) }
        switch kind {
        case .notJSON: return "not JSON"
        case .wrongType: return "\(place.isEmpty ? "the top level" : place) has the wrong type"
        case .missing(let key): return "\(place.isEmpty ? "" : place + ".")\(key) is missing"
        }
    }
}
