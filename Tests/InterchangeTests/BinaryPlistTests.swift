import Foundation
import Testing

@testable import Interchange

/// The binary property list reader that replaced Foundation's for the iOS archive (speed):
/// the same values, and damaged files refused.
@Suite struct BinaryPlistTests {
    @Test func readsWhatFoundationWrites() throws {
        let date = Date(timeIntervalSinceReferenceDate: 123_456_789)
        let plist: [String: Any] = [
            "text": "Milch & Brot 牛奶 😀", "ascii": "plain", "number": 42, "big": 5_000_000_000, "negative": -7,
            "real": 2.5, "yes": true, "no": false, "date": date, "data": Data([1, 2, 3]), "list": [1, "two", [3]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let parsed = try #require(try BinaryPlist.parse(data) as? [String: Any])
        #expect(parsed["text"] as? String == "Milch & Brot 牛奶 😀")
        #expect(parsed["ascii"] as? String == "plain")
        #expect(KeyedArchive.integer(parsed["number"]) == 42 && KeyedArchive.integer(parsed["big"]) == 5_000_000_000)
        #expect(KeyedArchive.integer(parsed["negative"]) == -7)
        #expect(parsed["real"] as? Double == 2.5)
        #expect(parsed["yes"] as? Bool == true && parsed["no"] as? Bool == false)
        #expect(parsed["date"] as? Date == date)
        #expect(parsed["data"] as? Data == Data([1, 2, 3]))
        let list = try #require(parsed["list"] as? [Any])
        #expect(list.count == 3 && list[1] as? String == "two" && (list[2] as? [Any])?.count == 1)
    }

    /// An array that holds itself, a reference past the objects, a cut-off file.
    @Test func damagedFilesAreRefused() {
        func file(_ objects: [UInt8], count: UInt8 = 1) -> Data {
            var bytes = Array("bplist00".utf8) + objects
            let table = bytes.count
            bytes.append(8)  // object 0 starts right after the header
            bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, count] + [UInt8](repeating: 0, count: 8)
            bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
            return Data(bytes)
        }
        #expect(throws: InterchangeError.notPropertyList("a container contains itself")) {
            try BinaryPlist.parse(file([0xA1, 0x00]))
        }
        #expect(throws: InterchangeError.notPropertyList("a damaged binary property list")) {
            try BinaryPlist.parse(file([0xA1, 0x05]))
        }
        #expect(throws: InterchangeError.notPropertyList("a damaged binary property list")) {
            try BinaryPlist.parse(file([0x5F, 0x13, 0xFF]))
        }
        #expect(throws: InterchangeError.malformed("it holds a set, which the iOS app never writes")) {
            try BinaryPlist.parse(file([0xC0]))
        }
        #expect(throws: InterchangeError.notPropertyList("a damaged binary property list")) {
            try BinaryPlist.parse(Data("bplist00".utf8))
        }
    }
}
