import Foundation
import PrivateFiles

/// Edits text in the user's editor (`$VISUAL`, `$EDITOR`, else `vi`) through a private temp
/// file under `$XDG_RUNTIME_DIR` (0600 in a 0700 directory; without one, in memory under
/// /dev/shm), overwritten with zeros and removed afterwards so no plaintext stays behind — also when the terminal closes or the process is
/// told to stop while the editor runs (`EditorSignals`), and, after a SIGKILL, at the next
/// start of a note, secret or agent command (`removeLeftovers`).
public enum Editor {
    /// Runs the user's editor on `initial`.
    /// - Parameters:
    ///   - initial: The text the editor starts with.
    ///   - environment: The process environment (`VISUAL`, `EDITOR`, `XDG_RUNTIME_DIR`).
    ///   - home: The data directory (the edit files' place when there is no runtime directory).
    ///   - stopped: Called with the signal when SIGHUP or SIGTERM stopped the edit, after the
    ///     edit files are removed and before the process exits with 128 + the signal.
    /// - Returns: The edited text, or nil when the editor exited with an error (the change is abandoned).
    /// - Throws: `EditorError` when the edit file or the editor cannot be set up; `FileError`.
    public static func edit(
        _ initial: String, environment: [String: String], home: String, stopped: (Int32) -> Void = { _ in }
    ) throws -> String? {
        let directory = self.directory(environment: environment, home: home)
        try SecureFile.makeDirectory(directory)
        // The plain text goes there: never into a folder another user owns or may write to.
        try SecureFile.requirePrivateDirectory(directory)
        removeLeftovers(in: directory)
        let name = "edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        let path = directory + "/" + name
        try SecureFile.writeAtomically(Array(initial.utf8), to: path)
        // With the file go the editor's own copies of it there (Emacs's `FILE~` holds the text as
        // it was opened, that is, as stored): with the app lock on they would outlive the unlock.
        defer { removeFiles(named: name, in: directory) }
        let status = try EditorSignals.run(command(path: path, environment: environment), environment: environment) {
            signal in
            // Stopped by a signal: nothing is saved, and every file the editor made goes too.
            shred(path)
            removeFiles(of: getpid(), in: directory)
            stopped(signal)
        }
        guard status == 0 else { return nil }
        return try SecureFile.read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The command that edits `path`: the user's editor through the shell, so EDITOR may carry
    /// arguments ("code --wait"), with `exec`, so that a signal passed on reaches the editor
    /// itself. Vim and Neovim are told to keep no copy of the text elsewhere: no swap file
    /// (`-n`), no viminfo/ShaDa with registers (`-i NONE`), no backup or undo file (those may
    /// live in ~/.vim, outside the edit folder), ahead of the user's own arguments.
    public static func command(path: String, environment: [String: String]) -> [String] {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let vimOptions = isVim(editor, environment: environment) ? vimWithoutSideFiles : ""
        return [
            "/bin/sh", "-c", "exec \(editor.prefix { $0 != " " })\(vimOptions)\(editor.drop { $0 != " " }) \"$1\"",
            "sh", path,
        ]
    }

    static let vimWithoutSideFiles = " -n -i NONE -c 'set nobackup nowritebackup noundofile'"

    /// Whether the editor's first word names Vim or Neovim (followed through symlinks such as
    /// Debian's `vi` → alternatives → `vim.basic`; nvi and vim-less `vi`s are left alone).
    static func isVim(_ editor: String, environment: [String: String]) -> Bool {
        let name = String(editor.prefix { $0 != " " })
        guard !name.isEmpty, !name.contains("'"), !name.contains("\"") else { return false }
        let candidates =
            name.contains("/")
            ? [name] : (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(name)" }
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }),
            let resolved = realpath(found, nil)
        else { return false }
        defer { free(resolved) }
        let base = URL(fileURLWithPath: String(cString: resolved)).lastPathComponent
        return base.hasPrefix("vim") || base.hasPrefix("nvim") || base.hasPrefix("gvim")
    }

    /// The directory of the edit files: `$XDG_RUNTIME_DIR/checklists-edit`; without a runtime
    /// directory, `/dev/shm/checklists-edit-UID` (memory, never the disk) unless someone else
    /// holds that name; else under the data directory.
    public static func directory(environment: [String: String], home: String) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/checklists-edit" }
        let memory = sharedMemory + "/checklists-edit-\(geteuid())"
        var info = stat()
        if stat(sharedMemory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            if lstat(memory, &info) != 0 && errno == ENOENT { return memory }
            if (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == geteuid() { return memory }
        }
        return home + "/checklists-edit"
    }

    /// Memory-backed files (tmpfs) every Linux system mounts.
    static let sharedMemory = "/dev/shm"

    /// Splits "Title\n\nBody" (the note format in the editor) into title and body.
    public static func splitNote(_ text: String) -> (title: String, body: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = lines.isEmpty ? "" : lines.removeFirst().trimmingCharacters(in: .whitespaces)
        if lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        var body = lines.joined(separator: "\n")
        if body.hasSuffix("\n") { body.removeLast() }
        return (title, body)
    }
}
