import Localization

/// The keys, on every screen with `?`.
final class HelpScreen: Screen {
    var scroller = Scroller()

    var title: String { tr("Keys") }
    var section: Section { .checklists }
    var hints: String { tr("q/Esc back") }

    static var lines: [(String, String)] {
        [
            ("↑ ↓  j k", tr("move")),
            ("g G  Home End", tr("first / last")),
            ("PgUp PgDn", tr("a page up / down")),
            ("Enter", tr("open; in a form: Done")),
            ("a  e  d", tr("add, edit, delete")),
            ("Space", tr("check or uncheck an item")),
            ("u", tr("undo the last delete")),
            ("/", tr("search items in every list")),
            ("Tab  1 2 3 4", tr("Checklists, Notes, Secret, Settings")),
            ("q  Esc", tr("back (quit on the first screen)")),
            ("Ctrl-Z", tr("suspend (locks when the app lock is on)")),
            ("?", tr("this help")),
        ]
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let lines = Self.lines
        scroller.setCount(lines.count)
        for (offset, index) in scroller.visible(height: area.count).enumerated() {
            let (keys, meaning) = lines[index]
            canvas.put(area.lowerBound + offset, [Span("   " + CellWidth.fit(keys, to: 16), .bold), Span(meaning)])
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        if key.isBack || key.is("?") { app.pop() }
    }
}
