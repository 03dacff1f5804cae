import ChecklistsApp
import Testing

/// What a front end says about a reminder that may not show.
@Suite struct ReminderAdviceTests {
    @Test func eachAdviceHasItsOwnMessage() {
        let all: [ReminderAdvice] = [.dueDatePassed, .noDueDate, .notificationsOff, .notificationsNotAllowed, .noAgent]
        #expect(Set(all.map(\.message)).count == all.count)
        #expect(ReminderAdvice.dueDatePassed.message == "Note: the due date is in the past, so no reminder will fire.")
    }
}
