import Foundation

/// A reference to an object of a keyed archive's `$objects` (a binary plist UID, marker 0x8n).
struct PlistUID: Sendable, Equatable {
    let index: Int
}

/// Reads a binary property list ("bplist00") straight into Swift values: String, Int, Double,
/// Bool, Date, Data, [Any], [String: Any] and `PlistUID`. Foundation's reader on Linux builds
/// NS objects and then bridges the whole tree to Swift, which took seconds for a 100,000-item
/// archive. Every offset and length is checked; an object may not contain itself, nesting is
/// limited, and so is the number of values made (shared objects cannot multiply the work).
struct BinaryPlist {
    /// At most this many values built from one file, and containers nested this deep.
    static let maxValues = 32_000_000
    static let maxDepth = 64

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    private var made = 0
    /// The containers being read (by object index): one met again inside itself is a cycle.
    private var open: [Bool]

    /// Parses `data`. - Throws: `InterchangeError.notPropertyList` for anything damaged,
    /// `.malformed` for a set (the app never writes one), `.tooLarge` past the limits.
    static func parse(_ data: Data) throws(InterchangeError) -> Any {
        try parse(bytes: [UInt8](data))
    }

    /// Parses the bytes of a binary property list (already copied out of their `Data`).
    static func parse(bytes: [UInt8]) throws(InterchangeError) -> Any {
        var reader = try BinaryPlist(bytes)
        return try reader.value(reader.top, depth: 0)
    }

    private let top: Int

    private init(_ bytes: [UInt8]) throws(InterchangeError) {
        let damaged = InterchangeError.notPropertyList("a damaged binary property list")
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { throw damaged }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        func number(_ at: Int, _ size: Int) -> Int? {
            var value: UInt64 = 0
            for byte in bytes[at..<at + size] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), let count = number(trailer + 8, 8),
            let top = number(trailer + 16, 8), let table = number(trailer + 24, 8), count <= trailer,
            table <= trailer, count <= (trailer - table) / offsetSize, top < count
        else { throw damaged }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = number(table + index * offsetSize, offsetSize), offset >= 8, offset < table else {
                throw damaged
            }
            offsets.append(offset)
        }
        self.bytes = bytes
        self.offsets = offsets
        self.referenceSize = referenceSize
        self.top = top
        open = [Bool](repeating: false, count: count)
    }

    private var damaged: InterchangeError { .notPropertyList("a damaged binary property list") }

    /// The unsigned big-endian number of `size` bytes at `at`, if it is within the file.
    private func number(_ at: Int, _ size: Int) -> Int? {
        guard at >= 0, size >= 1, size <= 8, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// An object's length (the marker's low nibble, or an int object after it) and where its
    /// contents start.
    private func length(_ offset: Int) throws(InterchangeError) -> (count: Int, start: Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        guard offset + 1 < bytes.count, bytes[offset + 1] >> 4 == 0x1 else { throw damaged }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, let count = number(offset + 2, size) else { throw damaged }
        return (count, offset + 2 + size)
    }

    /// The object references `count` × `referenceSize` bytes at `start`.
    private func references(_ start: Int, _ count: Int) throws(InterchangeError) -> [Int] {
        guard count <= (bytes.count - start) / referenceSize else { throw damaged }
        var result: [Int] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            guard let reference = number(start + index * referenceSize, referenceSize), reference < offsets.count
            else { throw damaged }
            result.append(reference)
        }
        return result
    }

    private mutating func value(_ object: Int, depth: Int) throws(InterchangeError) -> Any {
        made += 1
        guard made <= Self.maxValues else { throw .tooLarge("over \(Self.maxValues) values in the property list") }
        let offset = offsets[object]
        let marker = bytes[offset]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return false
            case 0x09: return true
            default: throw damaged
            }
        case 0x1:
            let size = 1 << low
            if size == 16, let high = number(offset + 1, 8), high == 0, let value = number(offset + 9, 8) {
                return value
            }
            guard size <= 8, let raw = number(offset + 1, size) ?? (size == 8 ? signed(offset + 1) : nil) else {
                throw damaged
            }
            return raw
        case 0x2:
            guard low == 2 || low == 3, let raw = unsigned(offset + 1, 1 << low) else { throw damaged }
            return low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: raw)
        case 0x3:
            guard marker == 0x33, let raw = unsigned(offset + 1, 8) else { throw damaged }
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: raw))
        case 0x4:
            let (count, start) = try length(offset)
            guard count <= bytes.count - start else { throw damaged }
            return Data(bytes[start..<start + count])
        case 0x5:
            let (count, start) = try length(offset)
            guard count <= bytes.count - start else { throw damaged }
            let text = bytes[start..<start + count]
            // "ASCII" strings: bytes past 0x7F are read as Latin-1, as CoreFoundation does.
            if text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
            return String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
        case 0x6:
            let (count, start) = try length(offset)
            guard count <= (bytes.count - start) / 2 else { throw damaged }
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count {
                units.append(UInt16(bytes[start + 2 * index]) << 8 | UInt16(bytes[start + 2 * index + 1]))
            }
            return String(decoding: units, as: UTF16.self)
        case 0x8:
            guard let index = number(offset + 1, low + 1) else { throw damaged }
            return PlistUID(index: index)
        case 0xA:
            let (count, start) = try length(offset)
            let elements = try references(start, count)
            try enter(object, depth: depth)
            defer { open[object] = false }
            var array: [Any] = []
            array.reserveCapacity(count)
            for element in elements { array.append(try value(element, depth: depth + 1)) }
            return array
        case 0xC:
            throw .malformed("it holds a set, which the iOS app never writes")
        case 0xD:
            let (count, start) = try length(offset)
            // The keys' references, then the values': read in place (two arrays per item
            // dictionary were a tenth of reading a 100,000-item archive).
            guard count <= (bytes.count - start) / referenceSize / 2 else { throw damaged }
            try enter(object, depth: depth)
            defer { open[object] = false }
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(count)
            for n in 0..<count {
                guard let key = reference(start + n * referenceSize),
                    let element = reference(start + (count + n) * referenceSize)
                else { throw damaged }
                guard let name = try value(key, depth: depth + 1) as? String else {
                    throw .notPropertyList("a dictionary key is not text")
                }
                dictionary[name] = try value(element, depth: depth + 1)
            }
            return dictionary
        default:
            throw damaged
        }
    }

    /// Marks a container as being read: one inside itself is a cycle.
    private mutating func enter(_ object: Int, depth: Int) throws(InterchangeError) {
        guard depth < Self.maxDepth else {
            throw .tooLarge("property list containers nested over \(Self.maxDepth) deep")
        }
        guard !open[object] else { throw .notPropertyList("a container contains itself") }
        open[object] = true
    }

    /// The object reference at `at`, if it is within the file and names an object.
    private func reference(_ at: Int) -> Int? {
        guard let reference = number(at, referenceSize), reference < offsets.count else { return nil }
        return reference
    }

    private func unsigned(_ at: Int, _ size: Int) -> UInt64? {
        guard at >= 0, size >= 1, size <= 8, at <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// An 8-byte int with the top bit set: negative.
    private func signed(_ at: Int) -> Int? {
        unsigned(at, 8).map { Int(Int64(bitPattern: $0)) }
    }
}
