import Foundation
import TestSupport
import Testing

/// Text read from standard input (`-`) is refused, not altered, when it cannot be read as it
/// is: as with arguments, bytes that are not UTF-8 are an error (exit 2, nothing stored) —
/// a Latin-1 file's "Café" used to be stored as "Caf\u{FFFD}" — and a closed standard input or
/// a directory is an error, not empty text ("An item needs some text") or an empty keychain
/// value (`keychain set K <&-` stored one).
@Suite struct StandardInputErrorCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test(arguments: [
        ["item", "add", "List", "-"], ["item", "edit", "0", "--text", "-"], ["list", "add", "-"],
        ["note", "add", "--title", "Latin", "--body", "-"],
    ])
    func bytesThatAreNotUTF8AreRefused(_ arguments: [String]) throws {
        try cli.run("item", "add", "List", "Milk")
        let latin1 = dir.appending("latin1.txt")
        try Data("Tea\nCaf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        let result = try cli.run(redirecting: "< '\(latin1)'", arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.hasPrefix("checklists: line 2 of standard input is not valid UTF-8"), "\(result.stderr)")
        let stored = try cli.run("export", "--format", "json").stdout
        #expect(!stored.contains("Tea") && !stored.contains("\u{FFFD}"))
        #expect(stored.contains("Milk"))
    }

    @Test(arguments: ["<&-", "< /"])
    func anUnreadableStandardInputIsNotEmptyText(_ redirection: String) throws {
        for arguments in [
            ["item", "add", "List", "-"], ["keychain", "set", "Token"], ["passcode", "set", "--stdin"],
        ] {
            let result = try cli.run(redirecting: redirection, arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.stderr.hasPrefix("checklists: cannot read standard input: "), "\(arguments): \(result.stderr)")
        }
        #expect(!(try cli.run("keychain", "keys").stdout.contains("Token")))
    }

    @Test func validTextIsStoredAsGiven() throws {
        let result = try cli.run("item", "add", "List", "-", stdin: "Café\r\n\n  \nTea\n")
        #expect(result.status == 0)
        #expect(try cli.run("items", "List").stdout.contains("[ ] 0  Café\n[ ] 1  Tea"))
    }
}
