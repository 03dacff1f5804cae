import Arguments
import ChecklistsApp
import ChecklistsKit
import CommandCatalogue
import Foundation
import LocalAuthentication
import TerminalText

/// `checklists __complete [--] WORD… CURRENT` (zsh, fish) or `checklists __complete --line LINE`
/// (bash), the hidden command behind the shell completions: prints what may complete CURRENT, one
/// per line as `WORD<TAB>WHAT` (for bash, WORD quoted as it goes on the line). Commands and options come
/// from `CommandTable`; list names, item and note IDs from the store, only when it opens without
/// asking anyone (never a prompt; with the app lock on and this session locked, none).
enum Completer {
    static let command = CommandTable.completionCommand
    /// Enough for a menu; the shell narrows it as the user types.
    static let limit = 200

    static func run(_ arguments: [String], environment: [String: String], output: Output) {
        // bash passes its line up to the cursor (`--line LINE`), zsh and fish the words unquoted.
        let line =
            arguments.first == "--line" ? ShellLine(arguments.dropFirst().first ?? "", home: environment["HOME"]) : nil
        var words =
            line.map { Array($0.words.dropFirst()) }
            ?? (arguments.first == "--" ? Array(arguments.dropFirst()) : arguments)
        let current = line?.current ?? words.popLast() ?? ""
        let completions = CommandTable.shared.completions(after: words, current: current)
        var candidates = completions.candidates
        if let kind = completions.dynamic {
            let kept = completions.kept
            candidates += values(
                kind, current: String(current.dropFirst(kept.count)), words: words, environment: environment
            )
            .map { Candidate(kept + $0.word, help: $0.help) }
        }
        // One candidate per line: a name with a control character cannot be offered safely.
        for candidate in candidates.prefix(limit)
        where !candidate.word.isEmpty && !candidate.word.unicodeScalars.contains(where: TerminalText.isControl) {
            guard let word = line.map({ $0.replacement(for: candidate.word) }) ?? candidate.word else { continue }
            output.line("\(word)\t\(TerminalText.line(candidate.help))")
        }
    }

    static func values(_ kind: ValueKind, current: String, words: [String], environment: [String: String])
        -> [Candidate]
    {
        switch kind {
        case .icon:
            return Icon.allCases.map { Candidate(slug($0.name), help: "\($0.glyph) \($0.name)") }
                .filter { $0.word.hasPrefix(current.lowercased()) }
        case .directory: return ShellCompletion.directories(current)
        case .list, .item, .note:
            guard
                let session = AppSession.openWithoutAsking(
                    home: ShellCompletion.optionValue("--home", in: words),
                    keychain: ShellCompletion.optionValue("--keychain", in: words),
                    environment: environment)
            else { return [] }
            defer { session.close() }
            return (try? stored(kind, session, current: current)) ?? []
        default: return []
        }
    }

    /// Lists, items or notes whose name or ID starts with `current`.
    static func stored(_ kind: ValueKind, _ session: AppSession, current: String) throws -> [Candidate] {
        switch kind {
        case .list:
            let prefix = ChecklistStore.nameKey(current)
            let lists = try session.lists()
            return lists.filter { ChecklistStore.nameKey($0.name).hasPrefix(prefix) }.map { list in
                findsByName(list, among: lists)
                    ? Candidate(list.name, help: "\(list.icon.glyph) \(list.status.text)")
                    : Candidate(String(list.id), help: "\(list.icon.glyph) \(list.name) (\(list.status.text))")
            }
        case .item:
            var found: [Candidate] = []
            for list in try session.lists() where found.count < limit {
                for item in try session.readItems(in: list.id).items where String(item.id).hasPrefix(current) {
                    found.append(Candidate(String(item.id), help: "\(item.text) (\(list.name))"))
                }
            }
            return found
        case .note:
            return try session.notes().filter { String($0.id).hasPrefix(current) }
                .map { Candidate(String($0.id), help: $0.title) }
        default: return []
        }
    }

    /// Whether `checklists … NAME` finds `list` again by its name: not when another list has the
    /// same name up to case, when the name is another list's ID, when it would read as an option,
    /// or when it holds a control character (a shell line cannot carry it faithfully). Those
    /// lists are completed as their ID, which the CLI accepts wherever it takes a name.
    static func findsByName(_ list: Checklist, among lists: [Checklist]) -> Bool {
        let name = list.name
        let key = ChecklistStore.nameKey(name)
        if name.hasPrefix("-") || name.unicodeScalars.contains(where: TerminalText.isControl) { return false }
        if let id = Int64(name), String(id) == name, id != list.id, lists.contains(where: { $0.id == id }) {
            return false
        }
        return lists.filter { ChecklistStore.nameKey($0.name) == key }.count == 1
    }

    /// `No Icon` → `no-icon`: a name the shell need not quote (icon names match loosely).
    static func slug(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: " ", with: "-")
    }
}
