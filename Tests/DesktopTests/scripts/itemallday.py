"""An all-day item (`item add … --due 2030-12-24`) in the desktop app: its row shows the day
alone; Edit Item opens with All Day on and Done with nothing changed keeps it all-day; All Day
switched off and Done makes it a timed item, its row with the time."""
from desktop import *


def scenario():
    main = frame("Checklists")
    click(find(main, "list item", "Groceries"))
    find(main, "check box", "Dentist")

    step("the row shows the day alone")
    find(main, "label", "Dec 24, 2030")

    step("Done with nothing changed keeps it all-day")
    click(find(find(main, "check box", "Dentist").parent, "push button", "Edit Item"))
    form = frame("Edit Item")
    wait_for("All Day on", lambda: checked(find(form, "check box", "All Day")))
    click(find(form, "push button", "Done"))
    absent(app(), "frame", "Edit Item")
    shown = cli("items", "Groceries")
    if "(due Dec 24, 2030)" not in shown:
        raise Failure("after Done: %r" % shown)

    step("All Day off makes it timed")
    click(find(find(main, "check box", "Dentist").parent, "push button", "Edit Item"))
    form = frame("Edit Item")
    pointer_click(find(form, "check box", "All Day"))
    wait_for("All Day off", lambda: not checked(find(form, "check box", "All Day")))
    click(find(form, "push button", "Done"))
    absent(app(), "frame", "Edit Item")
    shown = cli("items", "Groceries")
    if "(due Dec 24, 2030 at 9:00 AM)" not in shown:
        raise Failure("after All Day off: %r" % shown)


run(scenario)
