extension TerminalText {
    /// Appends JSON text with every terminal control above ASCII's C0 (DEL, the C1 controls —
    /// U+009B is a CSI to xterm and VTE — and the bidi marks of `isControl`) written as a
    /// `\uXXXX` escape; a JSON reader gives back exactly the same text. Such scalars occur only
    /// inside strings (the structure is ASCII), so the JSON stays valid; C0 controls, quotes and
    /// backslashes are the encoder's to escape and pass through as they are. `--json` and the
    /// JSON backup both go through here.
    ///
    /// Only DEL and the lead bytes 0xC2, 0xD8 and 0xE2 can start one (continuation bytes never
    /// match): ASCII is skipped eight bytes at a time, and the runs between are copied whole.
    /// - Parameters:
    ///   - json: Valid UTF-8 that does not end inside a scalar.
    ///   - buffer: Where the bytes go.
    public static func appendEscapingControls(_ json: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        guard let base = json.baseAddress else { return }
        let count = json.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var copied = 0
        var index = 0
        while index < count {
            // A word with no byte from 0x7F up has nothing to escape: neither a byte nor that
            // byte plus one (0x7F + 1 = 0x80) has its high bit set. Only 0xFF carries into the
            // next byte, and its own high bit has stopped the skip already.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if (word | (word &+ ones)) & highs != 0 { break }
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            var length = 1
            var value = UInt32(lead)
            if (lead == 0xC2 || lead == 0xD8) && index + 1 < count {
                length = 2
                value = UInt32(lead & 0x1F) << 6 | UInt32(base[index + 1] & 0x3F)
            } else if lead == 0xE2 && index + 2 < count {
                length = 3
                value = UInt32(lead & 0x0F) << 12 | UInt32(base[index + 1] & 0x3F) << 6 | UInt32(base[index + 2] & 0x3F)
            } else if lead != 0x7F {
                index += 1
                continue
            }
            if let scalar = Unicode.Scalar(value), isControl(scalar) {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: json[copied..<index]))
                buffer.append(contentsOf: "\\u".utf8)
                for shift in stride(from: 12, through: 0, by: -4) {
                    let digit = UInt8((value >> UInt32(shift)) & 15)
                    buffer.append(digit < 10 ? 48 + digit : 87 + digit)
                }
                copied = index + length
            }
            index += length
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: json[copied..<count]))
    }

    /// `appendEscapingControls` on an array of bytes.
    public static func appendEscapingControls(_ json: [UInt8], to buffer: inout [UInt8]) {
        json.withUnsafeBufferPointer { appendEscapingControls($0, to: &buffer) }
    }
}
