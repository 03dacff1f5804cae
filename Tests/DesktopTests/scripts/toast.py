"""Delete with undo, left alone: when the undo toast times out the item (and its reminder) is
deleted in the store while the window stays open."""

from desktop import *


def scenario():
    main = frame("Checklists")
    click(find(main, "list item", "Trips"))
    check = find(main, "check box", "Passport")
    if "Passport" not in cli("reminders"):
        raise Failure("the reminder is missing before the delete")

    step("Delete: the row goes and the undo toast shows")
    click(find(check.parent, "push button", "Delete Item"))
    absent(main, "check box", "Passport")

    step("The toast times out: the item and its reminder are deleted")
    wait_for("the delete to reach the store", lambda: "Passport" not in cli("items", "Trips"), timeout=60)
    if "Passport" in cli("reminders"):
        raise Failure("the reminder outlived its item")
    find(main, "check box", "Tickets")


run(scenario)
