import Foundation
import Testing

@testable import TerminalUI

@Suite struct DueDateFieldTests {
    let utc = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_796_116_800)  // 2026-12-01 09:20 UTC

    @Test func theArrowsSetADateAtTheNextHourThenMoveThePartChosen() {
        var field = DueDateField(date: nil, timeZone: utc)
        #expect(field.parts.isEmpty)
        _ = field.handle(.up, now: now)
        #expect(field.parts == ["2026", "12", "01", "10", "00"])
        _ = field.handle(.up, now: now)
        #expect(field.parts == ["2026", "12", "02", "10", "00"])
        _ = field.handle(.right, now: now)
        _ = field.handle(.right, now: now)
        _ = field.handle(.down, now: now)
        #expect(field.parts == ["2026", "12", "02", "09", "59"])
        _ = field.handle(.delete, now: now)
        #expect(field.date == nil)
    }

    @Test func yearsStayWithinWhatTheStoreAccepts() {
        var field = DueDateField(date: Date(timeIntervalSince1970: 253_370_764_800), timeZone: utc)  // 9999-01-01
        field.part = .year
        _ = field.handle(.up, now: now)
        #expect(field.parts.first == "9999")
    }
}

@Suite struct ScrollerTests {
    @Test func keepsTheSelectionVisibleAndInsideTheList() {
        var scroller = Scroller()
        scroller.setCount(100_000)
        #expect(scroller.visible(height: 20) == 0..<20)
        _ = scroller.handle(.character("G"), page: 20)
        #expect(scroller.visible(height: 20) == 99_980..<100_000)
        _ = scroller.handle(.pageUp, page: 20)
        #expect(scroller.selection == 99_979)
        _ = scroller.handle(.character("g"), page: 20)
        _ = scroller.handle(.up, page: 20)
        #expect(scroller.selection == 0)
        scroller.setCount(0)
        #expect(scroller.visible(height: 20).isEmpty)
    }
}
