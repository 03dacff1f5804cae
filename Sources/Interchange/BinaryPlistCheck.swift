import Foundation

/// Checks a binary property list before Foundation parses it. swift-corelibs parses a set
/// (marker 0xCn) but then crashes the process (SIGSEGV) bridging it to Swift — found by
/// FuzzPlist — and the iOS app never writes sets, so a file with one is refused here.
enum BinaryPlistCheck {
    /// - Throws: `InterchangeError.notPropertyList` for a damaged trailer or offset table,
    ///   `.malformed` for a set.
    static func check(_ data: Data) throws(InterchangeError) {
        try check([UInt8](data))
    }

    /// Checks the bytes of a binary property list (see `check(_:)`).
    static func check(_ bytes: [UInt8]) throws(InterchangeError) {
        guard bytes.count >= 40 else { throw .notPropertyList("a damaged binary property list") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        func number(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at + size <= bytes.count else { return nil }
            var value: UInt64 = 0
            for byte in bytes[at..<at + size] { value = value << 8 | UInt64(byte) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        guard let count = number(trailer + 8, 8), let table = number(trailer + 24, 8), (1...8).contains(offsetSize),
            count <= trailer, table <= trailer, count <= (trailer - table) / offsetSize
        else { throw .notPropertyList("a damaged binary property list") }
        for index in 0..<count {
            guard let offset = number(table + index * offsetSize, offsetSize), offset >= 8, offset < trailer else {
                throw .notPropertyList("a damaged binary property list")
            }
            if bytes[offset] >> 4 == 0xC { throw .malformed("it holds a set, which the iOS app never writes") }
        }
    }
}
