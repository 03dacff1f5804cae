import ChecklistsApp
import ChecklistsKit
import Localization
import TerminalText

/// Secret: "Nothing to see here" until Enter authenticates, then "Secret stuff!" and the message.
/// It is hidden again when the screen is left or the app resigns active.
final class SecretScreen: Screen {
    private var message: SecretMessage?

    init(app: TerminalApp) {}

    var title: String { message?.isShown == true ? tr("Secret stuff!") : tr("Nothing to see here") }
    var section: Section { .secret }
    var hints: String {
        message?.isShown == true
            ? tr("h hide  Tab sections  q quit") : tr("Enter show the secret  Tab sections  q quit")
    }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        guard let message, message.isShown else {
            canvas.put(area.lowerBound + 1, "   " + tr("Nothing to see here"), .dim)
            canvas.put(area.lowerBound + 3, "   " + tr("Press Enter and identify yourself to read the secret message."))
            return
        }
        var row = area.lowerBound + 1
        let text = message.text ?? ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where row < area.upperBound {
            canvas.put(row, "   " + TerminalText.line(String(line)))
            row += 1
        }
        if text.isEmpty { canvas.put(row, "   " + tr("(no secret message yet)"), .dim) }
    }

    func handle(_ key: Key, app: TerminalApp) {
        switch key {
        case .enter:
            guard message?.isShown != true else { return }
            message = app.perform { try app.session.secret() }
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
    }
}
