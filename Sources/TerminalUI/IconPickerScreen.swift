import ChecklistsKit
import Localization

/// Icon Picker: the ten icons; Enter picks one.
final class IconPickerScreen: Screen {
    var scroller = Scroller()
    let picked: (Icon) -> Void

    init(selected: Icon, picked: @escaping (Icon) -> Void) {
        self.picked = picked
        scroller.setCount(Icon.allCases.count)
        scroller.selection = Icon.allCases.firstIndex(of: selected) ?? 0
    }

    var title: String { tr("Choose Icon") }
    var section: Section { .checklists }
    var hints: String { tr("↑/↓ move  Enter choose  Esc back") }

    func draw(_ canvas: inout Canvas, area: Range<Int>, app: TerminalApp) {
        for (offset, index) in scroller.visible(height: area.count).enumerated() {
            let icon = Icon.allCases[index]
            let isSelected = index == scroller.selection
            let text =
                " \(isSelected ? app.glyphs.pointer : " ") \(app.glyphs.icon(icon))  \(icon.localizedName)"
            canvas.put(area.lowerBound + offset, CellWidth.fit(text, to: 40), isSelected ? .selected : .normal)
        }
    }

    func handle(_ key: Key, app: TerminalApp) {
        if scroller.handle(key, page: app.pageHeight) { return }
        switch key {
        case .enter, .character(" "):
            picked(Icon.allCases[scroller.selection])
            app.pop()
        case _ where key.isBack: app.pop()
        default: break
        }
    }
}
