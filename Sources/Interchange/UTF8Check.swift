/// Checks that bytes are UTF-8 without making a String of them (`String(validating:)` copies
/// the whole input: 31 MB for a 100,000-item backup). ASCII is passed eight bytes at a time.
enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing past U+10FFFF).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var at = 0
        while at < count {
            if let base = bytes.baseAddress, at + 8 <= count {
                let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    at += 8
                    continue
                }
            }
            let lead = bytes[at]
            if lead < 0x80 {
                at += 1
                continue
            }
            // The length of the sequence, and the range its second byte must be in.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard count - at >= length, (low...high).contains(bytes[at + 1]) else { return false }
            for next in at + 2..<at + length where bytes[next] & 0xC0 != 0x80 { return false }
            at += length
        }
        return true
    }
}
