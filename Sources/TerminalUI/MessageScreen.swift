import Localization

/// A message and nothing else (the store could not be opened).
final class MessageScreen: Screen {
    let text: String

    init(text: String) {
        self.text = text
    }

    var title: String { tr("Checklists") }
    var section: Section { .checklists }
    var hints: String { tr("q quit") }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        var row = area.lowerBound + 1
        for line in ConfirmScreen.wrap(text, width: max(10, canvas.width - 6)) {
            canvas.put(row, "   " + line, .alert)
            row += 1
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if key.isBack { app.quit() }
    }
}
