/// The selection and scroll position of a list of rows, moved with arrows, vim keys and pages.
/// Only the rows in `visible` are ever drawn, however long the list.
public struct Scroller: Sendable, Equatable {
    public private(set) var count = 0
    public var selection = 0
    public private(set) var top = 0

    public init() {}

    /// Sets the number of rows, keeping the selection inside.
    public mutating func setCount(_ count: Int) {
        self.count = max(0, count)
        selection = min(max(0, selection), max(0, self.count - 1))
    }

    /// Moves for a navigation key; returns false for other keys.
    public mutating func handle(_ key: Key, page: Int) -> Bool {
        let page = max(1, page)
        switch key {
        case _ where key.isDown: selection += 1
        case _ where key.isUp: selection -= 1
        case .pageDown, .control("f"), .control("d"): selection += page
        case .pageUp, .control("b"), .control("u"): selection -= page
        case .home, .character("g"): selection = 0
        case .end, .character("G"): selection = count - 1
        default: return false
        }
        selection = min(max(0, selection), max(0, count - 1))
        return true
    }

    /// The rows to draw in a window of `height` rows, scrolled so the selection shows.
    public mutating func visible(height: Int) -> Range<Int> {
        let height = max(1, height)
        if selection < top { top = selection }
        if selection >= top + height { top = selection - height + 1 }
        top = min(top, max(0, count - height))
        top = max(0, top)
        return top..<min(count, top + height)
    }
}
