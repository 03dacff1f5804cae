import ChecklistsApp
import Testing

/// What a front end says about a reminder that may not show.
@Suite struct ReminderAdviceTests {
    @Test func eachAdviceHasItsOwnMessage() {
        let all: [ReminderAdvice] = [
            .dueDatePassed, .noDueDate, .checked, .notificationsOff(home: "/d"), .notificationsNotAllowed(home: "/d"),
            .noAgent(home: "/d"),
        ]
        #expect(Set(all.map(\.message)).count == all.count)
        #expect(ReminderAdvice.dueDatePassed.message == "Note: the due date is in the past, so no reminder will fire.")
    }

    @Test func theStartHintNamesTheDataDirectoryQuotedForTheShell() {
        // It used to say 'checklists agent &', which starts an agent for the default data
        // directory: the reminders of any other one never fired.
        let message = ReminderAdvice.noAgent(home: "/data/Bob's $HOME list").message
        #expect(message.contains("checklists agent install --home '/data/Bob'\\''s $HOME list'"))
        #expect(message.contains("checklists agent --home '/data/Bob'\\''s $HOME list' &"))
    }

    @Test func theNotificationsHintsNameTheDataDirectoryQuotedForTheShell() {
        // They said 'checklists settings notifications on', which changes the default data
        // directory's setting, not this one's.
        for advice in [ReminderAdvice.notificationsOff(home: "/d/it's"), .notificationsNotAllowed(home: "/d/it's")] {
            #expect(advice.message.contains("checklists settings notifications on --home '/d/it'\\''s'"))
        }
    }
}
