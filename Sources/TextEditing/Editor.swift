import Foundation
import PrivateFiles

/// Edits text in the user's editor (`$VISUAL`, `$EDITOR`, else `vi`) through a private temp
/// file under `$XDG_RUNTIME_DIR` (0600 in a 0700 directory), overwritten with zeros and removed
/// afterwards so no plaintext stays behind — also when the terminal closes or the process is
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
        let path = directory + "/edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        try SecureFile.writeAtomically(Array(initial.utf8), to: path)
        defer { shred(path) }
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // Through the shell, so EDITOR may carry arguments ("code --wait"); `exec`, so that a signal
        // passed on reaches the editor itself.
        let command = ["/bin/sh", "-c", "exec \(editor) \"$1\"", "sh", path]
        let status = try EditorSignals.run(command, environment: environment) { signal in
            // Stopped by a signal: nothing is saved, and every file the editor made goes too.
            shred(path)
            removeFiles(of: getpid(), in: directory)
            stopped(signal)
        }
        guard status == 0 else { return nil }
        return try SecureFile.read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The directory of the edit files: `$XDG_RUNTIME_DIR/checklists-edit`, else under the data directory.
    public static func directory(environment: [String: String], home: String) -> String {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home
        return base + "/checklists-edit"
    }

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
