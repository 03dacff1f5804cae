import Foundation
import TestSupport
import Testing

/// The translation catalogues are complete: every `tr`/`trn` message in Sources is in the
/// template, and every language in po/LINGUAS translates all of it (so no new string can
/// reach a Chinese user in English unnoticed).
@Suite struct CatalogueTests {
    /// `scripts/po.sh check`: the template matches Sources (xgettext), every catalogue passes
    /// `msgfmt --check` and has no untranslated or fuzzy message.
    @Test func everyCatalogueIsValidAndComplete() throws {
        let result = try CLIRunner.execute(
            "/bin/sh", ["\(Rig.root)/scripts/po.sh", "check"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("zh_CN: "))
        #expect(!result.stdout.contains("untranslated"))
    }

    /// Every call's message is one plain literal (xgettext can only extract those) and is in
    /// po/checklists.pot.
    @Test func everyMessageInSourcesIsInTheTemplate() throws {
        let template = try String(contentsOfFile: "\(Rig.root)/po/checklists.pot", encoding: .utf8)
        let known = Set(MessageScanner.msgids(inTemplate: template))
        var calls = 0
        for file in try MessageScanner.swiftFiles(under: "\(Rig.root)/Sources") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for call in MessageScanner.calls(in: text) {
                calls += 1
                let place = "\(file.dropFirst(Rig.root.count + 1)): \(call.function)(\(call.literals.first ?? "…")"
                #expect(call.isExtractable, "\(place): the message must be one string literal without \\( )")
                for literal in call.literals {
                    #expect(known.contains(literal), "\(place): not in po/checklists.pot; run sh scripts/po.sh update")
                }
            }
        }
        #expect(calls > 150)
    }

    @Test func scannerSeesWhatXgettextCannot() {
        let calls = MessageScanner.calls(
            in: """
                let a = tr("Added list “%@”.", name)
                let b = trn(
                    "%d item", "%d items", n)
                let c = tr(message)
                let d = tr("Hi \\(name)")
                // tr("in a comment")
                let e = attr("not ours")
                """)
        #expect(calls.map(\.function) == ["tr", "trn", "tr", "tr"])
        #expect(calls[0].literals == ["Added list “%@”."])
        #expect(calls[1].literals == ["%d item", "%d items"])
        #expect(calls.map(\.isExtractable) == [true, true, false, false])
    }
}

/// Finds `tr(…)`/`trn(…)` calls in Swift source and the msgids of a template.
enum MessageScanner {
    struct Call {
        let function: String
        /// The message literals as written (escapes kept, as in the .pot).
        let literals: [String]
        let isExtractable: Bool
    }

    static func swiftFiles(under directory: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".swift") { files.append("\(directory)/\(name)") }
        }
        return files.sorted()
    }

    /// The calls in `source`, skipping comment lines and the functions' own definitions.
    static func calls(in source: String) -> [Call] {
        let code = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        let chars = Array(code.unicodeScalars)
        var calls: [Call] = []
        var i = 0
        while i < chars.count {
            guard let function = call(at: i, in: chars) else {
                i += 1
                continue
            }
            i += function.count + 1
            let wanted = function == "trn" ? 2 : 1
            var literals: [String] = []
            var extractable = true
            for index in 0..<wanted {
                while i < chars.count, chars[i] == " " || chars[i] == "\n" || (index > 0 && chars[i] == ",") { i += 1 }
                guard let (literal, end) = literal(at: i, in: chars) else {
                    extractable = false
                    break
                }
                if literal.contains("\\(") || literal.contains("\\u{") { extractable = false }
                literals.append(literal)
                i = end
            }
            calls.append(Call(function: function, literals: literals, isExtractable: extractable))
        }
        return calls
    }

    /// "tr" or "trn" when a call of one starts at `i` (not `attr(`, `.tr(` or `func tr(`).
    private static func call(at i: Int, in chars: [Unicode.Scalar]) -> String? {
        for name in ["trn", "tr"] {
            let word = Array(name.unicodeScalars) + ["("]
            guard i + word.count <= chars.count, Array(chars[i..<i + word.count]) == word else { continue }
            if i > 0,
                chars[i - 1].properties.isAlphabetic || chars[i - 1] == "_" || chars[i - 1] == "."
                    || ("0"..."9").contains(chars[i - 1])
            {
                return nil
            }
            let before = String(String.UnicodeScalarView(chars[max(0, i - 5)..<i]))
            return before.hasSuffix("func ") ? nil : name
        }
        return nil
    }

    /// The single-line string literal starting at `i` and the index after it.
    private static func literal(at i: Int, in chars: [Unicode.Scalar]) -> (String, Int)? {
        guard i < chars.count, chars[i] == "\"", !(i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\"")
        else { return nil }
        var j = i + 1
        var text = String.UnicodeScalarView()
        while j < chars.count, chars[j] != "\"", chars[j] != "\n" {
            if chars[j] == "\\", j + 1 < chars.count {
                text.append(chars[j])
                j += 1
            }
            text.append(chars[j])
            j += 1
        }
        guard j < chars.count, chars[j] == "\"" else { return nil }
        return (String(text), j + 1)
    }

    /// The msgid and msgid_plural texts of a template written with `--no-wrap`.
    static func msgids(inTemplate template: String) -> [String] {
        template.split(separator: "\n").compactMap { line in
            for prefix in ["msgid \"", "msgid_plural \""] where line.hasPrefix(prefix) && line.hasSuffix("\"") {
                return String(line.dropFirst(prefix.count).dropLast())
            }
            return nil
        }
    }
}
