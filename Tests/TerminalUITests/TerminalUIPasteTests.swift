import Foundation
import TestSupport
import Testing

/// A paste with a byte that is not UTF-8 keeps the rest of the paste, the byte shown as U+FFFD:
/// before, ncurses' wide-character reader answered the byte with an error and swallowed what
/// followed, so pasting "Tea\u{FF}\rmilk" into Add Item gave "Tea".
@Suite(.serialized) struct TerminalUIPasteTests {
    let dir = TemporaryDirectory("checklists-paste")
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    @Test func aByteThatIsNotUTF8DoesNotEndThePaste() throws {
        _ = try cli.run("lists")
        var env = cli.environment
        env["TERM"] = "screen"
        let tui = try TmuxSession([CLIRunner.binary], environment: env, socket: dir.appending("tmux"))
        defer { tui.stop() }
        // It opens the list it had open, else the Checklists screen with the one list selected.
        if !(try tui.waitFor("? help")).contains("List  (No Items)") { try tui.press("Enter") }
        try tui.waitFor("List  (No Items)")
        try tui.press("a")
        try tui.waitFor("Add Item")
        let file = dir.appending("paste")
        try Data("Tea".utf8 + [0xFF] + Data("\rmilk".utf8)).write(to: URL(fileURLWithPath: file))
        try tui.tmux(["load-buffer", file])
        try tui.tmux(["paste-buffer", "-p", "-t", "t"])
        try tui.waitFor("milk")
        try tui.press("Enter")
        try tui.waitFor("[ ] Tea")
        let items = try cli.run("items", "List", "--json").stdout
        let texts = try #require(try JSONSerialization.jsonObject(with: Data(items.utf8)) as? [[String: Any]])
        #expect(texts.map { $0["text"] as? String } == ["Tea\u{FFFD} milk"])
    }
}
