import Foundation
import PrivateFiles
import TestSupport
import Testing

/// A round trip through todoman (PyPI; `sh scripts/todoman.sh` puts it in .build/todoman):
/// todoman lists what `export --format ics` wrote, and a to-do todoman creates imports back.
@Suite struct TodomanRoundTripTests {
    static let todo = Rig.root + "/.build/todoman/bin/todo"
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: todo) }

    let dir = TemporaryDirectory()

    @Test(.enabled(if: installed, "todoman is not installed: sh scripts/todoman.sh"))
    func todomanReadsOurExportAndWeReadItsToDos() throws {
        let cli = CLIRunner(home: dir.appending("home"))
        try cli.run("list", "add", "Groceries", "--icon", "groceries")
        try cli.run("item", "add", "Groceries", "Milk, 2 l", "--due", "2030-01-02 09:30")
        try cli.run("item", "add", "Groceries", "Eggs")
        try cli.run("item", "check", "1")
        let vdir = dir.appending("vdir")
        #expect(try cli.run("export", "--format", "ics", vdir, "--quiet").status == 0)
        let config = dir.appending("todoman.py")
        try SecureFile.writeAtomically(
            Array(
                """
                path = "\(vdir)/*"
                date_format = "%Y-%m-%d"
                time_format = "%H:%M"
                default_list = "Groceries"
                cache_path = "\(dir.appending("todoman-cache.sqlite"))"

                """.utf8), to: config)
        let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": dir.path, "LANG": "C.UTF-8"]
        let listed = try CLIRunner.execute(
            Self.todo, ["-c", config, "--porcelain", "list", "--status", "ANY"], environment: environment)
        #expect(listed.status == 0, "\(listed.stderr)")
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let bySummary = Dictionary(uniqueKeysWithValues: todos.map { ($0["summary"] as? String ?? "", $0) })
        #expect(Set(bySummary.keys) == ["Milk, 2 l", "Eggs"])
        #expect(bySummary["Eggs"]?["completed"] as? Bool == true)
        #expect(bySummary["Milk, 2 l"]?["due"] as? Int == 1_893_576_600)
        #expect(bySummary["Milk, 2 l"]?["list"] as? String == "Groceries")

        let made = try CLIRunner.execute(
            Self.todo, ["-c", config, "new", "-l", "Groceries", "Bread from todoman", "--due", "2030-02-01 10:00"],
            environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        let imported = try cli.run("import", vdir)
        #expect(imported.stdout.contains("Imported 0 lists, 1 item and 0 notes."), "\(imported.stdout)")
        let items = try cli.run("items", "Groceries", "--json").stdout
        #expect(items.contains("Bread from todoman") && items.contains("2030-02-01T10:00:00"))
    }
}
