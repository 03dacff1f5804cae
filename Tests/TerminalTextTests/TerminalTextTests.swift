import Foundation
import Testing

@testable import TerminalText

@Suite struct TerminalTextTests {
    static let hostile = "a\u{1B}]0;PWNED\u{07}\u{1B}[2J\r\u{08}\u{202E}\n\t\u{7F}\u{9B}31m\u{2066}z"

    @Test func escapesEveryControlOnOneLine() {
        let shown = TerminalText.line(Self.hostile)
        #expect(shown == "a\\e]0;PWNED\\a\\e[2J\\r\\b\\u{202E}\\n\\t\\x7F\\u{009B}31m\\u{2066}z")
        #expect(!shown.unicodeScalars.contains(where: TerminalText.isControl))
    }

    @Test func blockKeepsNewlinesAndTabsOnly() {
        let shown = TerminalText.block(Self.hostile)
        #expect(shown == "a\\e]0;PWNED\\a\\e[2J\\r\\b\\u{202E}\n\t\\x7F\\u{009B}31m\\u{2066}z")
    }

    @Test func leavesOrdinaryTextAlone() {
        for text in ["Buy milk", "买牛奶 🛒", "C:\\path", "naïve café", ""] {
            #expect(TerminalText.line(text) == text)
        }
    }

    @Test func escapesNulAndOtherC0AsHex() {
        #expect(TerminalText.line("\u{0}\u{1}\u{1F}") == "\\x00\\x01\\x1F")
    }

    /// The byte scan finds every control, whatever text surrounds it: text with the lead bytes the
    /// scan stops at (C2, D8, E2) but no control, controls at the very start and end, NUL inside.
    @Test func findsEveryControlAmongLookalikeBytes() {
        let pieces = [
            "a", "¢", "Ø", "–", "€", "\u{2030}", "\u{0600}", "\u{061B}", "买", "🛒", "e\u{301}", "\u{1B}", "\u{0}",
            "\n", "\t", "\u{7F}", "\u{85}", "\u{9F}", "\u{061C}", "\u{200E}", "\u{2029}", "\u{202E}", "\u{2069}",
        ]
        var state: UInt64 = 7
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int(state % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            #expect(TerminalText.line(text) == reference(text, keepingLines: false), "\(Array(text.unicodeScalars))")
            #expect(TerminalText.block(text) == reference(text, keepingLines: true), "\(Array(text.unicodeScalars))")
        }
    }

    /// A 13 MB text with a control at each end and one in the middle comes out whole.
    @Test func escapesAHugeTextWhole() {
        let half = String(repeating: "x", count: 6_500_000)
        let shown = TerminalText.line("\u{1B}" + half + "\u{202E}" + half + "\r")
        #expect(shown.utf8.count == 13_000_000 + 2 + 8 + 2)
        #expect(shown.hasPrefix("\\exx") && shown.hasSuffix("xx\\r"))
        #expect(shown.contains("x\\u{202E}x"))
        #expect(TerminalText.line(half + half) == half + half)
    }

    /// Scalar by scalar, as before the byte scan.
    func reference(_ text: String, keepingLines: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if TerminalText.isControl(scalar) && !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                result += TerminalText.line(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON escaping for `--json` and the backup: every control above C0 becomes `\uXXXX`
    /// wherever it lies (the ASCII skip goes eight bytes at a time), nothing else changes, and a
    /// JSON reader gives back the same text.
    @Test func jsonEscapingReachesEveryControlAboveC0AndNothingElse() throws {
        let controls: [Unicode.Scalar] =
            (UInt8(0x7F)...0x9F).map(Unicode.Scalar.init) + [
                "\u{061C}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}",
                "\u{2069}",
            ]
        let kept = "é 中文 🛒 \u{2030} \u{A0} \u{0600} – …"
        for control in controls {
            for position in 0..<20 {
                var text = String(repeating: "a", count: position)
                text.unicodeScalars.append(control)
                text += "b" + kept
                let json = Array("[\"\(text)\"]".utf8)
                var escaped: [UInt8] = []
                TerminalText.appendEscapingControls(json, to: &escaped)
                let written = String(decoding: escaped, as: UTF8.self)
                let hex = String(control.value, radix: 16)
                let expected =
                    String(repeating: "a", count: position) + "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                #expect(written == "[\"" + expected + "b" + kept + "\"]", "U+\(hex) at \(position)")
                #expect(!written.unicodeScalars.contains { $0.value >= 0x7F && TerminalText.isControl($0) })
                let decoded = try JSONSerialization.jsonObject(with: Data(escaped)) as? [String]
                #expect(decoded == [text], "U+\(hex) at \(position)")
            }
        }
        let plain = Array("[\"plain text, long enough for several words \\n \(kept)\"]".utf8)
        var copy: [UInt8] = []
        TerminalText.appendEscapingControls(plain, to: &copy)
        #expect(copy == plain)
    }
}
