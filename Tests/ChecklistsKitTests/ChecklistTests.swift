import ChecklistsKit
import Testing

@Suite struct ChecklistTests {
    @Test func emptyListSaysNoItems() {
        #expect(Checklist(id: 1, name: "L").status.text == "No Items")
    }

    @Test func allCheckedSaysAllDone() {
        #expect(Checklist(id: 1, name: "L", total: 3, remaining: 0).status.text == "All Done!")
    }

    @Test func countsUncheckedItems() {
        #expect(Checklist(id: 1, name: "L", total: 5, remaining: 3).status.text == "3 Remaining")
        #expect(Checklist(id: 1, name: "L", total: 5, remaining: 1).status == .remaining(1))
    }
}

@Suite struct IconTests {
    @Test func hasTheTenIconsInOrder() {
        #expect(
            Icon.allCases.map(\.name) == [
                "No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries", "Inbox", "Photos",
                "Trips",
            ])
    }

    @Test func findsIconsByLooseName() {
        #expect(Icon(named: "no-icon") == .noIcon)
        #expect(Icon(named: "NoIcon") == .noIcon)
        #expect(Icon(named: "groceries") == .groceries)
        #expect(Icon(named: "Rocket") == nil)
    }
}
