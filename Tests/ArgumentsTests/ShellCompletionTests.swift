import Arguments
import Foundation
import Testing

@Suite struct ShellCompletionTests {
    @Test func findsOptionValuesInBothSpellings() {
        #expect(ShellCompletion.optionValue("--home", in: ["items", "--home", "/h"]) == "/h")
        #expect(ShellCompletion.optionValue("--home", in: ["--home=/x", "items"]) == "/x")
        #expect(ShellCompletion.optionValue("--home", in: ["items", "--home"]) == nil)
    }

    @Test func offersDirectoriesOnlyAndHiddenOnesWhenAskedFor() throws {
        let base = NSTemporaryDirectory() + "/shell-completion-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: base) }
        for name in ["alpha", "also", ".hidden"] {
            try FileManager.default.createDirectory(atPath: base + "/" + name, withIntermediateDirectories: true)
        }
        _ = FileManager.default.createFile(atPath: base + "/afile", contents: Data())
        #expect(ShellCompletion.directories(base + "/a").map(\.word) == [base + "/alpha/", base + "/also/"])
        #expect(ShellCompletion.directories(base + "/.").map(\.word) == [base + "/.hidden/"])
    }
}
