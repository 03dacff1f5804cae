/// A keyed archive in a binary property list ("bplist00"), read where it lies: a value is a
/// reference to an object of the property list, and each object is read only when the walk
/// asks for it, straight into the String, number or reference wanted. No tree of `Any` is
/// built (that took a quarter of a 100,000-item import). Every offset, length and reference is
/// checked before it is used; nothing here recurses, so a property list that contains itself
/// cannot loop (the reader's own visit checks refuse cycles between archived objects).
struct BinaryArchiveSource: ArchiveSource {
    /// A reference to an object of the property list.
    typealias Value = Int

    /// Texts longer than this many bytes are kept once made: a long text shared by many items
    /// is not copied for each.
    static let sharedTextMinimum = 64

    private let bytes: [UInt8]
    /// Where the offset table starts, and the sizes of its offsets and of object references.
    private let table: Int
    private let offsetSize: Int
    private let referenceSize: Int
    /// The number of objects in the property list.
    private let plistCount: Int
    /// Where the references of `$objects` start.
    private var objectsStart = 0
    private(set) var objectCount = 0
    private var topFields: [(String, Int)] = []
    /// Per property-list object: 0 not yet seen as a key, 1 a key Checklists does not look
    /// up, 2 + n the `ArchiveKey` with raw value n.
    private var keyKinds: [UInt8]
    private var sharedTexts: [Int: String] = [:]

    /// The archive in `bytes`, or nil when they hold a property list that is not a keyed
    /// archive (no `$archiver` or `$top` at its root: another of the app's files).
    /// - Throws: `InterchangeError.notPropertyList` for a damaged file, `.malformed` for a set
    ///   or for `$archiver`, `$objects` or `$top` of the wrong kind, `.tooLarge` past
    ///   `KeyedArchive.maxObjects`.
    init?(_ bytes: [UInt8]) throws(InterchangeError) {
        // Every offset is checked here once (at least 8, before the trailer); sets are refused.
        try BinaryPlistCheck.check(bytes)
        let trailer = bytes.count - 32
        self.bytes = bytes
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        table = Self.number(bytes, trailer + 24, 8) ?? 0
        plistCount = Self.number(bytes, trailer + 8, 8) ?? 0
        guard (1...8).contains(referenceSize), let top = Self.number(bytes, trailer + 16, 8), top < plistCount else {
            throw .notPropertyList("a damaged binary property list")
        }
        keyKinds = [UInt8](repeating: 0, count: plistCount)
        guard let root = try dictionaryEntries(top) else { return nil }
        var rootFields: [String: Int] = [:]
        for (key, value) in root {
            let name = try keyName(key)
            rootFields[name] = value
        }
        guard rootFields["$archiver"] != nil || rootFields["$top"] != nil else { return nil }
        guard let archiver = rootFields["$archiver"], case .text("NSKeyedArchiver") = try text(archiver, maxUTF8: 64)
        else { throw .malformed("$archiver is not \"NSKeyedArchiver\"") }
        guard let objects = rootFields["$objects"], bytes[offset(objects)] >> 4 == 0xA else {
            throw .malformed("$objects is missing or not an array")
        }
        let (count, start) = try length(offset(objects))
        guard count <= (bytes.count - start) / referenceSize else { throw damaged }
        guard count <= KeyedArchive.maxObjects else { throw .tooLarge("\(count) objects") }
        guard let topObject = rootFields["$top"], let topEntries = try dictionaryEntries(topObject) else {
            throw .malformed("$top is missing or not a dictionary")
        }
        var fields: [(String, Int)] = []
        for (key, value) in topEntries {
            let name = try keyName(key)
            fields.append((name, value))
        }
        objectCount = count
        objectsStart = start
        topFields = fields
    }

    var topKeys: [String] { topFields.map(\.0) }
    func top(_ key: String) -> Int? { topFields.last { $0.0 == key }?.1 }

    func object(at index: Int) throws(InterchangeError) -> Int {
        try reference(objectsStart + index * referenceSize)
    }

    func uid(_ value: Int) -> Int? {
        let at = offset(value)
        let marker = bytes[at]
        guard marker >> 4 == 0x8 else { return nil }
        return Self.number(bytes, at + 1, Int(marker & 0x0F) + 1)
    }

    /// A dictionary: where its key references start, and how many keys it has.
    struct Fields {
        let start: Int
        let count: Int
    }

    func fields(_ value: Int) throws(InterchangeError) -> Fields? {
        let at = offset(value)
        guard bytes[at] >> 4 == 0xD else { return nil }
        let (count, start) = try length(at)
        guard count <= (bytes.count - start) / referenceSize / 2 else { throw damaged }
        return Fields(start: start, count: count)
    }

    mutating func field(_ fields: Fields, _ key: ArchiveKey) throws(InterchangeError) -> Int? {
        let wanted = key.rawValue + 2
        var found: Int?
        for n in 0..<fields.count {
            let keyObject = try reference(fields.start + n * referenceSize)
            var kind = keyKinds[keyObject]
            if kind == 0 {
                let name = try keyName(keyObject)
                kind = ArchiveKey.byName[name].map { $0.rawValue + 2 } ?? 1
                keyKinds[keyObject] = kind
            }
            if kind == wanted { found = try reference(fields.start + (fields.count + n) * referenceSize) }
        }
        return found
    }

    mutating func text(_ value: Int, maxUTF8: Int) throws(InterchangeError) -> ArchiveText {
        if let shared = sharedTexts[value] { return shared.utf8.count <= maxUTF8 ? .text(shared) : .tooLong }
        let at = offset(value)
        let kind = bytes[at] >> 4
        guard kind == 0x5 || kind == 0x6 else { return .notText }
        let (count, start) = try length(at)
        // UTF-8 is never shorter than the ASCII/Latin-1 bytes or the UTF-16 units.
        guard count <= maxUTF8 else { return .tooLong }
        let result: String
        if kind == 0x5 {
            guard count <= bytes.count - start else { throw damaged }
            let text = bytes[start..<start + count]
            // "ASCII" strings: bytes past 0x7F are read as Latin-1, as CoreFoundation does.
            if text.allSatisfy({ $0 < 0x80 }) {
                result = String(decoding: text, as: UTF8.self)
            } else {
                result = String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
            }
        } else {
            guard count <= (bytes.count - start) / 2 else { throw damaged }
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count {
                units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
            }
            result = String(decoding: units, as: UTF16.self)
        }
        guard result.utf8.count <= maxUTF8 else { return .tooLong }
        if count > Self.sharedTextMinimum { sharedTexts[value] = result }
        return .text(result)
    }

    func integer(_ value: Int) -> Int64? {
        let at = offset(value)
        let marker = bytes[at]
        switch marker >> 4 {
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            if size == 16 {
                guard Self.number(bytes, at + 1, 8) == 0, let low = Self.number(bytes, at + 9, 8) else { return nil }
                return Int64(low)
            }
            guard size <= 8 else { return nil }
            if let unsigned = Self.number(bytes, at + 1, size) { return Int64(unsigned) }
            // An 8-byte int with the top bit set is negative.
            return size == 8 ? Self.raw(bytes, at + 1, 8).map { Int64(bitPattern: $0) } : nil
        case 0x2:
            return double(value).flatMap { $0.isFinite && $0 == $0.rounded() && abs($0) < 9e15 ? Int64($0) : nil }
        default:
            return nil
        }
    }

    func double(_ value: Int) -> Double? {
        let at = offset(value)
        let marker = bytes[at]
        switch marker {
        case 0x22: return Self.raw(bytes, at + 1, 4).map { Double(Float(bitPattern: UInt32(truncatingIfNeeded: $0))) }
        case 0x23: return Self.raw(bytes, at + 1, 8).map { Double(bitPattern: $0) }
        default: return marker >> 4 == 0x1 ? integer(value).map { Double($0) } : nil
        }
    }

    func boolean(_ value: Int) -> Bool? {
        switch bytes[offset(value)] {
        case 0x08: false
        case 0x09: true
        default: nil
        }
    }

    func elements(_ value: Int) throws(InterchangeError) -> [Int]? {
        let at = offset(value)
        guard bytes[at] >> 4 == 0xA else { return nil }
        let (count, start) = try length(at)
        guard count <= (bytes.count - start) / referenceSize else { throw damaged }
        var result: [Int] = []
        result.reserveCapacity(count)
        for n in 0..<count { result.append(try reference(start + n * referenceSize)) }
        return result
    }
}

// MARK: - Reading the bytes

extension BinaryArchiveSource {
    private var damaged: InterchangeError { .notPropertyList("a damaged binary property list") }

    /// Where an object starts (checked by `BinaryPlistCheck`: at least 8, before the trailer).
    private func offset(_ object: Int) -> Int {
        Self.number(bytes, table + object * offsetSize, offsetSize) ?? 8
    }

    /// The object reference at `at`, if it is within the file and names an object.
    private func reference(_ at: Int) throws(InterchangeError) -> Int {
        guard let reference = Self.number(bytes, at, referenceSize), reference < plistCount else { throw damaged }
        return reference
    }

    /// An object's length (the marker's low nibble, or an int object after it) and where its
    /// contents start.
    private func length(_ at: Int) throws(InterchangeError) -> (count: Int, start: Int) {
        let low = Int(bytes[at] & 0x0F)
        guard low == 0x0F else { return (low, at + 1) }
        guard at + 1 < bytes.count, bytes[at + 1] >> 4 == 0x1 else { throw damaged }
        let size = 1 << Int(bytes[at + 1] & 0x0F)
        guard size <= 8, let count = Self.number(bytes, at + 2, size) else { throw damaged }
        return (count, at + 2 + size)
    }

    /// A dictionary's (key, value) references, or nil when the object is not a dictionary.
    private func dictionaryEntries(_ object: Int) throws(InterchangeError) -> [(Int, Int)]? {
        guard let fields = try fields(object) else { return nil }
        var entries: [(Int, Int)] = []
        for n in 0..<fields.count {
            entries.append(
                (
                    try reference(fields.start + n * referenceSize),
                    try reference(fields.start + (fields.count + n) * referenceSize)
                ))
        }
        return entries
    }

    /// A dictionary key's text. - Throws: `.notPropertyList` when the key is not text.
    private mutating func keyName(_ object: Int) throws(InterchangeError) -> String {
        guard case .text(let name) = try text(object, maxUTF8: KeyedArchive.maxStringLength) else {
            throw .notPropertyList("a dictionary key is not text")
        }
        return name
    }

    /// The unsigned big-endian number of `size` bytes at `at`, if within the file and an Int.
    private static func number(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int? {
        raw(bytes, at, size).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil }
    }

    private static func raw(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64? {
        guard at >= 0, size >= 1, size <= 8, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
