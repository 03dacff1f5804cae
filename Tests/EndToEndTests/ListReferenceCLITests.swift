import Foundation
import TestSupport
import Testing

/// LIST is a list's ID as the CLI shows it, or its name: a name that Swift merely reads as a
/// number ("+1", "01") is a name. Before, `checklists items +1` showed list 1 ("List"), and a
/// list named "+1" or "01" could be reached only by its ID.
@Suite struct ListReferenceCLITests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home, environment: ["XDG_RUNTIME_DIR": dir.appending("run")]) }

    @Test func aNameThatLooksLikeAnIDIsAName() throws {
        try cli.run("lists")  // list 1, "List"
        for name in ["+1", "01", "1.0"] {
            #expect(try cli.run("list", "add", name).status == 0)
            let added = try cli.run("item", "add", name, "in \(name)")
            #expect(added.status == 0)
            #expect(added.stdout.contains("to \(name):"), "\(name): \(added.stdout)")
            #expect(try cli.run("items", name).stdout.contains("in \(name)"))
        }
        #expect(try cli.run("items", "1").stdout.hasPrefix("· List — No Items"))
    }

    @Test func aNumberThatIsNoListIDIsRefused() throws {
        try cli.run("lists")
        for reference in ["+1", "01", "0x1", "1e0", "١"] {
            let result = try cli.run("items", reference)
            #expect(result.status == 1, "\(reference)")
            #expect(result.stderr == "checklists: No list \"\(reference)\".\n", "\(reference)")
        }
    }
}
