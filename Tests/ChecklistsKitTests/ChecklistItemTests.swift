import ChecklistsKit
import Foundation
import Testing

/// One item as the lists show it: when it counts as late.
@Suite struct ChecklistItemTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    // 2030-12-31 09:00 in Berlin (08:00 UTC).
    let due = Date(timeIntervalSince1970: 1_924_934_400)

    /// An item due at 09:00 is late from 09:00; an all-day item due that day is late only the
    /// next day (its reminder still fires at 09:00); a checked one never is.
    @Test func anAllDayItemIsNotLateOnItsOwnDay() {
        let timed = ChecklistItem(id: 1, listID: 1, text: "Post", dueDate: due)
        let allDay = ChecklistItem(id: 2, listID: 1, text: "Dentist", dueDate: due, isAllDay: true)
        let evening = due + 12 * 3600  // 21:00 that day
        let nextMorning = due + 15 * 3600  // 00:00 the next day
        #expect(timed.isOverdue(at: evening, timeZone: berlin))
        #expect(!allDay.isOverdue(at: evening, timeZone: berlin))
        #expect(allDay.isOverdue(at: nextMorning, timeZone: berlin))
        var done = allDay
        done.checked = true
        #expect(!done.isOverdue(at: nextMorning, timeZone: berlin))
        #expect(!ChecklistItem(id: 3, listID: 1, text: "Someday").isOverdue(at: nextMorning))
    }

    @Test func anItemWithoutADueDateIsNeverAllDay() {
        #expect(!ChecklistItem(id: 1, listID: 1, text: "Milk", isAllDay: true).isAllDay)
        #expect(!NewItem(text: "Milk", isAllDay: true).isAllDay)
    }
}
