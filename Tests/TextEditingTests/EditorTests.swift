import Foundation
import PrivateFiles
import Synchronization
import TestSupport
import Testing
import TextEditing

/// The external editor: the text round-trips through `$EDITOR`, and no edit file stays behind.
@Suite struct EditorTests {
    let dir = TemporaryDirectory()
    var runtime: String { dir.appending("run") }
    var editFiles: String { runtime + "/checklists-edit" }

    func environment(editor: String) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "EDITOR": editor, "XDG_RUNTIME_DIR": runtime]
    }

    func leftovers() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: editFiles)) ?? []
    }

    @Test func returnsWhatTheEditorSavedAndRemovesTheEditFile() throws {
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let edited = try Editor.edit(
            "old text\n", environment: environment(editor: "sed -i s/old/new/"), home: dir.path)
        #expect(edited == "new text\n")
        #expect(leftovers().isEmpty)
    }

    /// An edit folder others may write to (XDG_RUNTIME_DIR=/tmp, say, where another user made
    /// it first) is refused before the text is written there.
    @Test func anEditFolderOthersCanWriteToIsRefused() throws {
        try FileManager.default.createDirectory(atPath: editFiles, withIntermediateDirectories: true)
        chmod(editFiles, 0o777)
        #expect(throws: FileError.self) {
            try Editor.edit("secret text\n", environment: environment(editor: "true"), home: dir.path)
        }
        #expect(leftovers().isEmpty)
    }

    /// Two edits at once in one process (the test runner; a UI could do the same): the one
    /// that ends first puts the signal handlers back, so the other never hears its editor's
    /// SIGCHLD. It must still notice that its editor ended, instead of waiting for ever.
    @Test func twoEditsAtOnceBothReturn() throws {
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        // Run by sh, not executed: a script just written can fail to exec ("Text file busy")
        // while a child forked meanwhile by another test still holds its write descriptor.
        let slow = dir.appending("slow-editor")
        try "sleep 1\nsed -i s/old/new/ \"$1\"\n".write(toFile: slow, atomically: true, encoding: .utf8)
        let results = Mutex<[String?]>([])
        let finished = DispatchSemaphore(value: 0)
        for editor in ["sh " + slow, "sed -i s/old/new/"] {
            let environment = environment(editor: editor)
            let home = dir.path
            Thread.detachNewThread {
                let edited = try? Editor.edit("old text\n", environment: environment, home: home)
                results.withLock { $0.append(edited) }
                finished.signal()
            }
        }
        for _ in 0..<2 { _ = finished.wait(timeout: .now() + 20) }
        #expect(results.withLock { $0 } == ["new text\n", "new text\n"])
    }

    /// An editor that keeps the text it opened beside the file (Emacs writes `FILE~` at its first
    /// save, nano with `set backup`) leaves no copy once the edit is over: with the app lock on,
    /// that copy is the note or secret as stored, readable without unlocking.
    @Test func theEditorsOwnCopiesAreRemovedAfterTheEdit() throws {
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let editor = dir.appending("backup-editor")
        try "cp \"$1\" \"$1~\"\nsed -i s/old/new/ \"$1\"\n".write(toFile: editor, atomically: true, encoding: .utf8)
        let edited = try Editor.edit("old text\n", environment: environment(editor: "sh " + editor), home: dir.path)
        #expect(edited == "new text\n")
        #expect(leftovers().isEmpty)
        let failed = try Editor.edit(
            "old text\n", environment: environment(editor: "sh -c 'cp $1 $1~; false' sh"), home: dir.path)
        #expect(failed == nil)
        #expect(leftovers().isEmpty)
    }

    @Test func anEditorThatFailsSavesNothing() throws {
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(try Editor.edit("text", environment: environment(editor: "false"), home: dir.path) == nil)
        #expect(leftovers().isEmpty)
    }

    /// Without a runtime directory the note goes to memory (/dev/shm), not to the data
    /// directory's disk, where deleted blocks could still hold it.
    @Test func withoutARuntimeDirectoryTheEditFilesLiveInMemory() {
        let memory = "/dev/shm/checklists-edit-\(geteuid())"
        #expect(Editor.directory(environment: [:], home: "/data") == memory)
        #expect(Editor.directory(environment: ["XDG_RUNTIME_DIR": "relative"], home: "/data") == memory)
        #expect(Editor.directory(environment: ["XDG_RUNTIME_DIR": "/run/u"], home: "/data") == "/run/u/checklists-edit")
    }

    /// Vim (also as Debian's `vi`) is told to keep no swap, viminfo, backup or undo file, ahead
    /// of the user's own arguments; other editors get the command as written.
    @Test func vimIsStartedWithoutItsSideFiles() throws {
        let bin = dir.appending("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for name in ["vim.basic", "nvi", "nano"] {
            #expect(
                FileManager.default.createFile(
                    atPath: bin + "/" + name, contents: Data(), attributes: [.posixPermissions: 0o755]))
        }
        try FileManager.default.createSymbolicLink(atPath: bin + "/vi", withDestinationPath: bin + "/vim.basic")
        func script(_ editor: String) -> String {
            Editor.command(path: "/p", environment: ["PATH": bin, "EDITOR": editor])[2]
        }
        #expect(script("vi -p") == "exec vi -n -i NONE -c 'set nobackup nowritebackup noundofile' -p \"$1\"")
        #expect(
            script(bin + "/vim.basic")
                == "exec \(bin)/vim.basic -n -i NONE -c 'set nobackup nowritebackup noundofile' \"$1\"")
        #expect(script("nvi") == "exec nvi \"$1\"")
        #expect(script("nano -w") == "exec nano -w \"$1\"")
        #expect(script("code --wait") == "exec code --wait \"$1\"")
    }

    @Test func leftoversOfProcessesThatNoLongerRunAreRemovedAndOthersKept() throws {
        try FileManager.default.createDirectory(atPath: editFiles, withIntermediateDirectories: true)
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = "edit-\(gone.processIdentifier)-1.txt"
        let deadSwap = ".edit-\(gone.processIdentifier)-1.txt.swp"
        let mine = "edit-\(getpid())-2.txt"
        for name in [dead, deadSwap, mine, "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: editFiles + "/" + name, contents: Data("secret".utf8)))
        }
        Editor.removeLeftovers(environment: ["XDG_RUNTIME_DIR": runtime], home: dir.path)
        #expect(Set(leftovers()) == [mine, "notes.txt"])
    }

    @Test func theOwnerIsReadFromEditFileNamesOnly() {
        #expect(Editor.owner(of: "edit-123-4.txt") == 123)
        #expect(Editor.owner(of: ".edit-123-4.txt.swp") == 123)
        #expect(Editor.owner(of: "edit-123") == nil)
        #expect(Editor.owner(of: "edit-0-1.txt") == nil)
        #expect(Editor.owner(of: "edit-99999999999999999999-1.txt") == nil)
        #expect(Editor.owner(of: "notes.txt") == nil)
    }

    @Test func aNoteIsItsFirstLineAsTitleThenTheBody() {
        let note = Editor.splitNote("  Title \n\nBody line\nmore\n")
        #expect(note.title == "Title" && note.body == "Body line\nmore")
        let bare = Editor.splitNote("Title only")
        #expect(bare.title == "Title only" && bare.body.isEmpty)
        let empty = Editor.splitNote("")
        #expect(empty.title.isEmpty && empty.body.isEmpty)
    }
}
