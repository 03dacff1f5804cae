import Testing

@testable import Interchange

/// The UTF-8 check that replaced `String(validating:)` for the backup: the same answers.
@Suite struct UTF8CheckTests {
    static func check(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(UTF8Check.isValid) }

    @Test func agreesWithTheStandardLibrary() {
        let samples: [[UInt8]] = [
            [], Array("plain ASCII, longer than eight bytes".utf8), Array("Milch 牛奶 😀 é".utf8),
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0x80], [0xFF], Array("12345678".utf8) + [0xE2, 0x82, 0xAC], Array("1234567".utf8) + [0xC3],
        ]
        for sample in samples {
            #expect(Self.check(sample) == (String(validating: sample, as: UTF8.self) != nil), "\(sample)")
        }
        // Every short sequence of interesting bytes, at every alignment.
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0x90, 0xA0]
        for a in interesting {
            for b in interesting {
                for c in interesting {
                    for pad in [0, 5] {
                        let bytes = [UInt8](repeating: 0x61, count: pad) + [a, b, c, 0x80]
                        #expect(Self.check(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                    }
                }
            }
        }
    }
}
