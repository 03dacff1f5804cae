import Localization

/// Drawing a frame: the tab bar, the screen's title, its rows and the bottom line.
extension TerminalApp {
    /// The frame for a terminal of `width` × `height` cells.
    public func render(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        guard width >= 20, height >= 6 else {
            canvas.put(0, tr("Terminal too small"), .alert)
            return canvas
        }
        guard let top else { return canvas }
        canvas.put(0, tabBar(active: top is LockScreen ? nil : top.section, width: width))
        canvas.put(1, " " + top.title(width: width - 1), .bold)
        pageHeight = max(1, height - 3)
        top.draw(&canvas, area: 2..<(height - 1), app: self)
        if let toast {
            canvas.put(height - 1, " " + toast.text(width: width - 1), toast.style)
        } else {
            canvas.put(height - 1, " " + top.hints, .dim)
        }
        return canvas
    }

    /// " Checklists  Notes  Secret  Settings        ? help", the active section marked.
    func tabBar(active: Section?, width: Int) -> [Span] {
        var spans: [Span] = [Span(" ", .title)]
        var used = 1
        for section in Section.allCases {
            let number = section.rawValue + 1
            let label = section == active ? "[\(number) \(section.label)]" : " \(number) \(section.label) "
            spans.append(Span(label, section == active ? .selected : .title))
            used += CellWidth.of(label)
        }
        let help = tr("? help") + " "
        let gap = max(1, width - used - CellWidth.of(help))
        spans.append(Span(String(repeating: " ", count: gap) + help, .title))
        return spans
    }
}
