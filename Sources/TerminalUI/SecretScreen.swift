import ChecklistsApp
import ChecklistsKit
import Localization
import TerminalText

/// Secret: "Nothing to see here" until Enter authenticates, then "Secret stuff!" and the message.
/// It is hidden again when the screen is left or the app resigns active.
final class SecretScreen: Screen {
    private var message: SecretMessage?
    /// The first line of the shown message (wrapped to the terminal) on the top row: ↑/↓ scroll a
    /// message longer than the screen.
    private var top = 0

    init(app: TerminalApp) {}

    var title: String { message?.isShown == true ? tr("Secret stuff!") : tr("Nothing to see here") }
    var section: Section { .secret }
    var hints: String {
        message?.isShown == true
            ? tr("↑/↓ scroll  h hide  Tab sections  q quit") : tr("Enter show the secret  Tab sections  q quit")
    }

    /// The message wrapped to the terminal's width (its lines were cut at the right edge, and
    /// those below the screen never showed).
    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        let width = max(1, canvas.width - 4)
        let rows = (area.lowerBound + 1)..<area.upperBound
        guard let message, message.isShown else {
            canvas.put(rows.lowerBound, "   " + tr("Nothing to see here"), .dim)
            let hint = CellWidth.wrap(tr("Press Enter and identify yourself to read the secret message."), width: width)
            for (offset, line) in hint.enumerated() { canvas.put(rows.lowerBound + 2 + offset, "   " + line) }
            return
        }
        let text = message.text ?? ""
        guard !text.isEmpty else {
            canvas.put(rows.lowerBound, "   " + tr("(no secret message yet)"), .dim)
            return
        }
        // Only as far as the screen reaches: a huge message is not wrapped whole on every frame.
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let needed = top + rows.count - lines.count
            guard needed > 0 else { break }
            lines += CellWidth.wrap(TerminalText.line(String(paragraph)), width: width, limit: needed)
        }
        top = min(top, max(0, lines.count - rows.count))
        for (offset, line) in lines.dropFirst(top).prefix(rows.count).enumerated() {
            canvas.put(rows.lowerBound + offset, "   " + line)
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .enter:
            guard message?.isShown != true else { return }
            message = app.perform { try app.session.secret() }
        case .down, .character("j"): top += 1
        case .up, .character("k"): top = max(0, top - 1)
        case .pageDown: top += app.pageHeight
        case .pageUp: top = max(0, top - app.pageHeight)
        case .character("h"): hide()
        case _ where key.isBack:
            hide()
            app.quit()
        default: break
        }
    }

    /// Hides the message (it is kept in the keychain).
    func hide() {
        message?.hide()
        message = nil
        top = 0
    }
}
