import Foundation
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

    @Test func anEditorThatFailsSavesNothing() throws {
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(try Editor.edit("text", environment: environment(editor: "false"), home: dir.path) == nil)
        #expect(leftovers().isEmpty)
    }

    @Test func withoutARuntimeDirectoryTheEditFilesLiveInTheDataDirectory() {
        #expect(Editor.directory(environment: [:], home: "/data") == "/data/checklists-edit")
        #expect(
            Editor.directory(environment: ["XDG_RUNTIME_DIR": "relative"], home: "/data") == "/data/checklists-edit")
        #expect(Editor.directory(environment: ["XDG_RUNTIME_DIR": "/run/u"], home: "/data") == "/run/u/checklists-edit")
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
