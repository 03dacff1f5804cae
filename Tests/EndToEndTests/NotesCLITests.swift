import Foundation
import PrivateFiles
import TestSupport
import Testing

/// Notes and the secret message on the built binary, with and without the app lock.
@Suite struct NotesCLITests {
    let dir = TemporaryDirectory()
    let scripts = TemporaryDirectory("editors")
    let pam = try! PAMRig(password: "account pw")
    var home: String { dir.appending("home") }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "CHECKLISTS_PAM_CONFDIR": pam.confdir,
            "CHECKLISTS_PASSCODE_COST": "min", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
        ].merging(extra) { $1 }
    }

    var cli: CLIRunner { CLIRunner(home: home, environment: environment()) }

    /// A scripted `$EDITOR`. Run through /bin/sh rather than executed: a process that a parallel
    /// test spawns while the file is being written could hold it open, and exec would then fail
    /// with "Text file busy".
    func editor(_ name: String, _ script: String) throws -> String {
        let path = scripts.appending(name)
        try SecureFile.writeAtomically(Array("\(script)\n".utf8), to: path)
        return "/bin/sh \(path)"
    }

    /// The title as words, as `list add NAME` and `item add LIST TEXT` take theirs (it said
    /// `unexpected argument "Shopping"`); not both ways at once.
    @Test func aNoteTakesItsTitleAsWords() throws {
        let added = try cli.run("note", "add", "Shopping", "ideas", "--body", "A kettle")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added note 1: Shopping ideas\n")
        #expect(try cli.run("note", "show", "1").stdout.hasSuffix("A kettle\n"))
        let both = try cli.run("note", "add", "One", "--title", "Two")
        #expect(both.status == 2 && both.stderr.contains("give the title either as TITLE or with --title"))
        #expect(try cli.run("note", "add").status == 2)
        #expect(try cli.run("notes").stdout.split(separator: "\n").count == 1)
    }

    @Test func addShowEditDelete() throws {
        #expect(try cli.run("note", "add", "--title", "Ideas", "--body", "Línea uno\n第二行").status == 0)
        #expect(try cli.run("note", "add", "--title", "Later").status == 0)
        let list = try cli.run("notes").stdout
        #expect(list.range(of: "Later")!.lowerBound < list.range(of: "Ideas")!.lowerBound)
        let shown = try cli.run("note", "show", "1").stdout
        #expect(shown.hasPrefix("Ideas\n"))
        #expect(shown.contains("Línea uno\n第二行"))
        #expect(try cli.run("note", "edit", "1", "--title", "Better ideas").status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(try cli.run("note", "show", "1", "--json").stdout.utf8))
        let note = try #require(json as? [String: Any])
        #expect(note["title"] as? String == "Better ideas")
        #expect(note["body"] as? String == "Línea uno\n第二行")
        #expect(try cli.run("note", "delete", "2").status == 0)
        #expect(try cli.run("note", "show", "2").status == 1)
        #expect(try cli.run("notes", "--json").stdout.contains("Better ideas"))
    }

    @Test func aBlankTitleIsRefusedAndNothingIsSaved() throws {
        for arguments in [["note", "add", "--title", "   ", "--body", "x"], ["note", "add", "--body", "x"]] {
            let result = try cli.run(arguments: arguments)
            #expect(result.status == 2)
            #expect(result.stderr == "checklists: A note needs a title.\n")
        }
        try cli.run("note", "add", "--title", "Keep")
        #expect(try cli.run("note", "edit", "1", "--title", "").status == 2)
        #expect(try cli.run("notes", "--json").stdout.contains("Keep"))
    }

    @Test func aMegabyteBodyFromStandardInput() throws {
        let body = String(repeating: "0123456789abcdeé\n", count: 62_000)
        #expect(try cli.run("note", "add", "--title", "Big", "--body", "-", stdin: body).status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(try cli.run("note", "show", "1", "--json").stdout.utf8))
        #expect((json as? [String: Any])?["body"] as? String == String(body.dropLast()))
    }

    @Test func theEditorFlowSavesAbortsAndLeavesNothingBehind() throws {
        try cli.run("note", "add", "--title", "Draft", "--body", "old body")
        let good = try editor("good.sh", "printf 'Final title\\n\\nConfidential body\\n' > \"$1\"")
        var edit = cli
        edit.environment["EDITOR"] = good
        #expect(try edit.run("note", "edit", "1", "--edit").status == 0)
        #expect(try cli.run("note", "show", "1").stdout == "Final title\n───────────\nConfidential body\n")

        edit.environment["EDITOR"] = try editor("fail.sh", "printf 'Hijacked\\n\\nx' > \"$1\"; exit 3")
        let failed = try edit.run("note", "edit", "1", "--edit")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("nothing was saved"))
        edit.environment["EDITOR"] = try editor("blank.sh", "printf '\\n\\nbody only' > \"$1\"")
        #expect(try edit.run("note", "edit", "1", "--edit").status == 2)
        #expect(try cli.run("note", "show", "1").stdout.hasPrefix("Final title"))

        edit.environment["EDITOR"] = try editor("new.sh", "printf 'Written in vi\\n\\nhello' > \"$1\"")
        #expect(try edit.run("note", "add", "--edit").status == 0)
        #expect(try cli.run("notes").stdout.contains("Written in vi"))

        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.appending("run/checklists-edit"))
        #expect(leftovers.isEmpty)
        let bytes = try dir.allBytes()
        for secret in ["Confidential", "Written in vi", "Hijacked"] {
            let leaked = bytes.contains(utf8: secret)
            #expect(!leaked, "\(secret) is on disk in the clear")
        }
    }

    @Test func textEditedWhileAnotherProcessDeletedTheNoteIsSavedAsANewNote() throws {
        try cli.run("note", "add", "--title", "Draft", "--body", "old body")
        // The editor deletes the note through a second process before it writes the user's text.
        let racing = try editor(
            "racing.sh",
            "\"\(CLIRunner.binary)\" note delete \"$DELETED\" >/dev/null || exit 9\n"
                + "printf 'Typed title\\n\\nTyped while it went away\\n' > \"$1\"")
        var edit = cli
        edit.environment["EDITOR"] = racing
        edit.environment["DELETED"] = "1"
        let result = try edit.run("note", "edit", "1", "--edit")
        #expect(result.status == 0)
        #expect(result.stdout == "Note 1 was deleted while you edited it; saved your text as new note 2: Typed title\n")
        #expect(try cli.run("note", "show", "2").stdout == "Typed title\n───────────\nTyped while it went away\n")
        #expect(try cli.run("note", "show", "1").status == 1)

        try cli.run("note", "add", "--title", "Another")
        edit.environment["DELETED"] = "3"
        let json = try edit.run("note", "edit", "3", "--edit", "--json")
        #expect(json.status == 0)
        #expect(json.stderr.contains("Note 3 was deleted while you edited it"))
        let saved = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(saved?["id"] as? Int == 4)
        #expect(saved?["title"] as? String == "Typed title")
    }

    @Test func withTheLockOnNotesNeedAuthenticationAndShowNothingOnFailure() throws {
        try cli.run("note", "add", "--title", "Diary", "--body", "Dear diary")
        #expect(try cli.run("lock", "enable", "--method", "passcode", "--stdin", stdin: "135799\n").status == 0)
        let refused = try cli.run("note", "show", "1")
        #expect(refused.status == 1)
        #expect(!refused.stdout.contains("Dear diary"))

        let cancelled = try PtySession([CLIRunner.binary, "note", "show", "1"], environment: environment())
        try cancelled.expect("Authentication is needed to access your notes.")
        cancelled.send("\u{1b}")
        #expect(try cancelled.wait() == 1)
        #expect(!cancelled.transcript.contains("Dear diary"))

        let opened = try PtySession([CLIRunner.binary, "note", "show", "1"], environment: environment())
        try opened.expect("Checklists passcode")
        opened.send("135799\r")
        try opened.expect("Dear diary")
        #expect(try opened.wait() == 0)
    }

    @Test func theSecretMessageIsShownOnlyAfterAuthentication() throws {
        let set = try PtySession(
            ["/bin/sh", "-c", "printf 'The eagle lands at noon' | \(CLIRunner.binary) secret set"],
            environment: environment())
        try set.expect("Password for")
        set.send("account pw\r")
        try set.expect("Secret saved.")
        #expect(try set.wait() == 0)

        let refused = try cli.run("secret")
        #expect(refused.status == 1)
        #expect(refused.stdout == "Nothing to see here\n")

        let show = try PtySession([CLIRunner.binary, "secret"], environment: environment())
        try show.expect("Nothing to see here")
        try show.expect("Identify yourself!")
        show.send("account pw\r")
        try show.expect("Secret stuff!")
        try show.expect("The eagle lands at noon")
        #expect(try show.wait() == 0)

        let wrong = try PtySession([CLIRunner.binary, "secret"], environment: environment())
        try wrong.expect("Password for")
        wrong.send("\u{1b}")
        #expect(try wrong.wait() == 1)
        #expect(!wrong.transcript.contains("eagle"))
        let leaked = try dir.allBytes().contains(utf8: "eagle")
        #expect(!leaked)
    }
}
