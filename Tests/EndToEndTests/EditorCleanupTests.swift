import Foundation
import PrivateFiles
import TestSupport
import Testing

/// `note add --edit` stopped while the editor runs leaves no plaintext behind: SIGHUP (the
/// terminal closed) and SIGTERM are caught; after SIGKILL the next note command removes it.
@Suite struct EditorCleanupTests {
    let dir = TemporaryDirectory()
    let scripts = TemporaryDirectory("editors")
    var home: String { dir.appending("home") }
    var editDirectory: String { dir.appending("run/checklists-edit") }
    var marker: String { dir.appending("editor.pid") }
    static let secret = "Marker-7f3a secret note"

    var environment: [String: String] {
        [
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": dir.path, "CHECKLISTS_HOME": home,
            "XDG_RUNTIME_DIR": dir.appending("run"), "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(dir.path)/no-bus",
            // An editor that writes the note, leaves a vim-like swap file beside it, says it is
            // ready (its PID) and then waits to be stopped.
            "EDITOR": "/bin/sh " + scripts.appending("editor.sh"),
        ]
    }

    init() throws {
        let script = """
            printf '%s\\n\\nbody %s' "\(Self.secret)" "\(Self.secret)" > "$1"
            cp "$1" "$(dirname "$1")/.$(basename "$1").swp"
            echo $$ > "\(marker).tmp" && mv "\(marker).tmp" "\(marker)"
            exec sleep 60
            """
        try SecureFile.writeAtomically(Array("\(script)\n".utf8), to: scripts.appending("editor.sh"))
    }

    /// Starts `note add --edit` and waits until the editor has written the note.
    func startEditing() throws -> (checklists: pid_t, editor: pid_t) {
        let pid = try CLIRunner.spawnDetached(
            CLIRunner.binary, ["note", "add", "--edit"], environment: environment, stdin: "",
            log: dir.appending("checklists.log"))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: marker, encoding: .utf8),
                let editor = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return (pid, editor)
            }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        throw RigError(name: "editor", message: "the scripted editor did not start")
    }

    /// The files in the edit directory that still hold the note's text.
    func plaintextFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: editDirectory)) ?? []
        return names.filter { name in
            let data = FileManager.default.contents(atPath: editDirectory + "/" + name) ?? Data()
            return String(decoding: data, as: UTF8.self).contains(Self.secret)
        }
    }

    func exitStatus(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    @Test(arguments: [SIGHUP, SIGTERM])
    func aCaughtSignalRemovesTheEditFiles(_ signal: Int32) throws {
        let (checklists, editor) = try startEditing()
        defer { kill(editor, SIGKILL) }
        #expect(plaintextFiles().count == 2)  // the edit file and the "swap" file
        kill(checklists, signal)
        #expect(exitStatus(of: checklists) == 128 + signal)
        #expect(plaintextFiles().isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: editDirectory)) ?? []).isEmpty)
        #expect(try CLIRunner(home: home, environment: environment).run("notes").stdout.contains("No notes"))
    }

    @Test func afterSIGKILLTheNextNoteCommandRemovesTheLeftovers() throws {
        let (checklists, editor) = try startEditing()
        kill(checklists, SIGKILL)
        #expect(exitStatus(of: checklists) == 128 + SIGKILL)
        kill(editor, SIGKILL)
        #expect(plaintextFiles().count == 2)  // nothing can run on SIGKILL…
        // …but a live process's edit file is left alone.
        let live = editDirectory + "/edit-\(getpid())-1.txt"
        try SecureFile.writeAtomically(Array("live".utf8), to: live)
        #expect(try CLIRunner(home: home, environment: environment).run("notes").status == 0)
        #expect(plaintextFiles().isEmpty)
        #expect(FileManager.default.fileExists(atPath: live))
    }

    /// Vim with a vimrc that keeps undo, backup and swap files in the home folder (as many
    /// vimrcs do) and a viminfo there: the note is edited and saved, and afterwards no file
    /// anywhere under the home or the runtime folder holds its text (the store keeps it sealed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vim"), "needs vim"))
    func vimKeepsNoCopyOfTheNoteOutsideTheEditFolder() throws {
        for folder in ["undo", "backup", "swap"] {
            try FileManager.default.createDirectory(atPath: dir.appending(folder), withIntermediateDirectories: true)
        }
        try "set undofile undodir=~/undo backup backupdir=~/backup writebackup directory=~/swap viminfo='20,<50\n"
            .write(toFile: dir.appending(".vimrc"), atomically: true, encoding: .utf8)
        var environment = self.environment
        environment["TERM"] = "dumb"
        environment["EDITOR"] =
            "vim -c 'call setline(1, \"\(Self.secret)\")' -c 'call append(line(\"$\"), \"body \(Self.secret)\")' -c wq"
        let added = try CLIRunner(home: home, environment: environment).run("note", "add", "--edit")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added note 1"), "\(added.stdout)")
        let files = FileManager.default.enumerator(atPath: dir.path)?.allObjects.compactMap { $0 as? String } ?? []
        let holding = files.filter { name in
            let data = FileManager.default.contents(atPath: dir.appending(name)) ?? Data()
            return String(decoding: data, as: UTF8.self).contains(Self.secret)
        }
        #expect(holding.isEmpty, "the note's text is in \(holding)")
        #expect(try CLIRunner(home: home, environment: environment).run("notes").stdout.contains(Self.secret))
    }
}
