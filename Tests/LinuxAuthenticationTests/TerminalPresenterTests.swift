import Foundation
import LinuxAuthentication
import TestSupport
import Testing

/// The terminal presenter against a file standing in for `/dev/tty`.
@Suite struct TerminalPresenterTests {
    let dir = TemporaryDirectory()

    @Test func notifyClosesTheTerminalItOpens() throws {
        let tty = dir.appending("tty")
        #expect(FileManager.default.createFile(atPath: tty, contents: nil))
        let presenter = TerminalPresenter(ttyPath: tty)
        for index in 0..<50 { presenter.notify("notice \(index)") }
        #expect(Self.openDescriptors(to: tty) == 0)
        let written = try String(contentsOfFile: tty, encoding: .utf8)
        #expect(written.contains("notice 49\n"))
    }

    /// How many of this process's descriptors are open on `path`.
    static func openDescriptors(to path: String) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == target
        }.count
    }
}
