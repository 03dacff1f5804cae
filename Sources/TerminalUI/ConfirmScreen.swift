import Localization
import TerminalText

/// A yes/no question before something that cannot be taken back at once (a list's delete).
final class ConfirmScreen: Screen {
    let question: String
    let confirmed: (TerminalApp) -> Void
    /// The tab marked while it asks: the section of what is deleted (a note's delete marked
    /// Checklists).
    let section: Section

    init(question: String, section: Section = .checklists, confirmed: @escaping (TerminalApp) -> Void) {
        self.question = question
        self.section = section
        self.confirmed = confirmed
    }

    var title: String { tr("Delete?") }
    var hints: String { tr("y delete  n/Esc keep") }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        var row = area.lowerBound + 1
        for line in Self.wrap(question, width: max(10, canvas.width - 6)) {
            canvas.put(row, "   " + line, .bold)
            row += 1
        }
        canvas.put(row + 1, "   " + tr("[y] Delete    [n] Keep"))
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .character("y"), .character("Y"):
            app.pop()
            confirmed(app)
        case .character("n"), .character("N"), .escape, .character("q"): app.pop()
        default: break
        }
    }

    /// A name as the question quotes it: escaped, and cut to 200 cells so that the rest of the
    /// question still shows. Wrapping a 13 MB name word by word on every frame froze the screen.
    static func shortened(_ name: String) -> String {
        CellWidth.truncate(TerminalText.line(name), to: 200)
    }

    /// `text` broken into lines of at most `width` cells, at spaces where possible.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if CellWidth.of(candidate) > width && !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        lines.append(current)
        return lines.map { CellWidth.truncate($0, to: width) }
    }
}
