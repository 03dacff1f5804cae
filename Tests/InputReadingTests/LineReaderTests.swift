import Foundation
import InputReading
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe holding `text` (its write end closed), read through its read end.
func pipeReading(_ text: String) throws -> Int32 {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    return fds[0]
}

@Suite struct LineReaderTests {
    @Test func readsOneLineAtATimeKeepingTheRest() throws {
        let fd = try pipeReading("old\nnew\nlast")
        defer { close(fd) }
        let reader = LineReader(fd: fd)
        #expect(try reader.next() == Array("old".utf8))
        #expect(try reader.next() == Array("new".utf8))
        #expect(try reader.next() == Array("last".utf8))
        #expect(throws: InputReadingError.noLine) { try reader.next() }
    }

    @Test func refusesALineLongerThanTheLimit() throws {
        let fd = try pipeReading(String(repeating: "x", count: LineReader.limit + 1) + "\n")
        defer { close(fd) }
        #expect(throws: InputReadingError.lineTooLong(limit: LineReader.limit)) { try LineReader(fd: fd).next() }
    }

    @Test func allIncludesWhatNoLineTook() throws {
        let fd = try pipeReading("first\nrest of it\n")
        defer { close(fd) }
        let reader = LineReader(fd: fd)
        _ = try reader.next()
        #expect(try reader.all(limit: 100, what: "the value") == Data("rest of it\n".utf8))
    }

    @Test func allTextRefusesBytesThatAreNotUTF8() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        let bytes: [UInt8] = [0x43, 0x61, 0x66, 0xE9, 0x0A]  // "Café" in Latin-1
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        #expect(throws: InputReadingError.valueNotUTF8(what: "the value")) {
            try LineReader(fd: fds[0]).allText(limit: 100, what: "the value")
        }
        let text = try pipeReading("Café ☕\n")
        defer { close(text) }
        #expect(try LineReader(fd: text).allText(limit: 100, what: "the value") == Data("Café ☕\n".utf8))
    }

    @Test func allRefusesMoreThanTheLimit() throws {
        let fd = try pipeReading(String(repeating: "y", count: 50))
        defer { close(fd) }
        #expect(throws: InputReadingError.valueTooLarge(what: "the secret", limit: 10)) {
            try LineReader(fd: fd).all(limit: 10, what: "the secret")
        }
    }
}
