import Foundation
import InputReading
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct StandardInputTests {
    @Test func resolvesADashToTheTextWithoutItsLastNewline() throws {
        let fd = try pipeReading("Buy milk\n")
        defer { close(fd) }
        #expect(try StandardInput.resolve("-", from: fd) == "Buy milk")
        #expect(try StandardInput.resolve("as given", from: fd) == "as given")
    }

    @Test func aWindowsLineEndingIsRemovedWhole() throws {
        let fd = try pipeReading("Buy milk\r\n")
        defer { close(fd) }
        #expect(Array(try StandardInput.resolve("-", from: fd).utf8) == Array("Buy milk".utf8))
    }

    /// A UTF-8 byte order mark at the start (Windows Notepad writes one) is not text: it stayed
    /// as an invisible U+FEFF at the start of the first line. One further in is kept.
    @Test func aByteOrderMarkAtTheStartIsDropped() throws {
        let text = try pipeReading("\u{FEFF}Buy milk\n")
        defer { close(text) }
        #expect(Array(try StandardInput.resolve("-", from: text).unicodeScalars) == Array("Buy milk".unicodeScalars))
        let lines = try pipeReading("\u{FEFF}one\r\ntwo \u{FEFF}x\n")
        defer { close(lines) }
        #expect(
            try StandardInput.lines(from: lines).map { Array($0.unicodeScalars) } == [
                Array("one".unicodeScalars), Array("two \u{FEFF}x".unicodeScalars),
            ])
    }

    @Test func splitsLinesAndSkipsBlankOnes() throws {
        let fd = try pipeReading("one\r\n\n  \ntwo\nthree")
        defer { close(fd) }
        #expect(try StandardInput.lines(from: fd) == ["one", "two", "three"])
    }

    /// Blank means only spaces (any Unicode space) and tabs; other text is kept exactly, "\r"
    /// inside a line and combining marks included.
    @Test func keepsEveryLineThatIsNotBlank() throws {
        let fd = try pipeReading("\t \u{A0}\u{3000}\r\nnaïve e\u{301}\n\u{301}\na\rb\n\n\u{1B}[2J\r")
        defer { close(fd) }
        #expect(try StandardInput.lines(from: fd) == ["naïve e\u{301}", "\u{301}", "a\rb", "\u{1B}[2J"])
    }

    @Test func refusesTwoDashes() {
        #expect(throws: InputReadingError.severalDashes(["--title", "--body"])) {
            try StandardInput.expectAtMostOne(["--title": "-", "--body": "-"])
        }
        #expect(throws: Never.self) { try StandardInput.expectAtMostOne(["--title": "-", "--body": "text"]) }
    }

    @Test func namesBothArgumentsInTheMessage() {
        let message = InputReadingError.severalDashes(["--title", "--body"]).description
        #expect(message.contains("--title") && message.contains("--body"))
    }
}
