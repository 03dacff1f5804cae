import Foundation
import PrivateFiles

/// Edits text in the user's editor (`$VISUAL`, `$EDITOR`, else `vi`) through a private temp
/// file under `$XDG_RUNTIME_DIR` (0600 in a 0700 directory), overwritten with zeros and removed
/// afterwards so no plaintext stays behind.
enum Editor {
    /// The edited text, or nil when the editor exited with an error (the change is abandoned).
    static func edit(_ initial: String, environment: [String: String], home: String) throws -> String? {
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home
        let directory = base + "/checklists-edit"
        try SecureFile.makeDirectory(directory)
        let path = directory + "/edit-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        try SecureFile.writeAtomically(Array(initial.utf8), to: path)
        defer { shred(path) }
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        // Through the shell, so EDITOR may carry arguments ("code --wait").
        guard Subprocess.run(["/bin/sh", "-c", "\(editor) \"$1\"", "sh", path], environment: environment) == 0 else {
            return nil
        }
        return try SecureFile.read(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Splits "Title\n\nBody" (the note format in the editor) into title and body.
    static func splitNote(_ text: String) -> (title: String, body: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = lines.isEmpty ? "" : lines.removeFirst().trimmingCharacters(in: .whitespaces)
        if lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        var body = lines.joined(separator: "\n")
        if body.hasSuffix("\n") { body.removeLast() }
        return (title, body)
    }

    /// Overwrites the file with zeros, flushes it and removes it.
    static func shred(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            if fd >= 0 {
                let zeros = [UInt8](repeating: 0, count: 65_536)
                var left = Int(info.st_size)
                while left > 0 {
                    let n = write(fd, zeros, min(left, zeros.count))
                    if n <= 0 { break }
                    left -= n
                }
                fsync(fd)
                close(fd)
            }
        }
        unlink(path)
    }
}
