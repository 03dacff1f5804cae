import Foundation

/// Completion of the values the shell cannot know from the command table alone.
public enum ShellCompletion {
    /// Directories that start with `current`, each ending in `/`; hidden ones only when the
    /// part typed after the last `/` starts with a dot.
    public static func directories(_ current: String) -> [Candidate] {
        let slash = current.lastIndex(of: "/")
        let parent = slash.map { String(current[...$0]) } ?? ""
        let prefix = slash.map { String(current[current.index(after: $0)...]) } ?? current
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []
        return names.sorted().filter { name in
            var isDirectory: ObjCBool = false
            return name.hasPrefix(prefix) && (prefix.hasPrefix(".") || !name.hasPrefix("."))
                && FileManager.default.fileExists(atPath: parent + name, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.map { Candidate(parent + $0 + "/") }
    }

    /// The value of `--name VALUE` or `--name=VALUE` among the words typed so far.
    public static func optionValue(_ name: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == name, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(name + "=") { return String(word.dropFirst(name.count + 1)) }
        }
        return nil
    }
}
