/// The candidate closest to a mistyped `word` ("itms" → "items"), or nil when none is close:
/// at most one edit (insert, delete, replace, swap two neighbours) per three characters, at least one.
public func nearest(_ word: String, among candidates: [String]) -> String? {
    // The words other to-do tools use for the same thing (`task 1 done`, `todo.sh rm`).
    if let same = synonyms[word.lowercased()]?.first(where: candidates.contains) { return same }
    let typed = Array(word.lowercased())
    let limit = max(1, min(3, typed.count / 3))
    var best: (word: String, distance: Int)?
    for candidate in candidates where candidate != word {
        let distance = editDistance(typed, Array(candidate.lowercased()))
        if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    if let best { return best.word }
    // A unique candidate that starts with what was typed ("rem" → "reminders").
    let starts = candidates.filter { typed.count >= 2 && $0.lowercased().hasPrefix(word.lowercased()) }
    return starts.count == 1 ? starts[0] : nil
}

/// Optimal string alignment distance: Levenshtein plus swaps of neighbours.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}

/// Commands of other to-do tools and shells, and what Checklists calls them.
let synonyms: [String: [String]] = [
    "done": ["check"], "do": ["check"], "complete": ["check"], "finish": ["check"], "tick": ["check"],
    "undo": ["uncheck"], "undone": ["uncheck"], "reopen": ["uncheck"], "untick": ["uncheck"],
    "rm": ["delete"], "del": ["delete"], "remove": ["delete"], "new": ["add"], "create": ["add"],
    "modify": ["edit"], "rename": ["edit"], "change": ["edit"], "ls": ["lists", "items"], "list": ["lists"],
    "find": ["search"], "grep": ["search"], "cat": ["show"], "view": ["show"],
]
