"""A store that cannot be opened (a file of junk in place of the database) is named on a page
of its own, under a header bar with the window's buttons; no list and no action is reachable."""
from desktop import *


def scenario():
    main = frame("Checklists")
    step("The window says why, in place of the lists")
    find(main, "label", "Cannot Open Your Checklists")
    absent(main, "push button", "Add Checklist")
    step("No action reaches the store")
    key("ctrl+shift+n")
    key("ctrl+f")
    absent(app(), "frame", "Add Checklist")
    absent(app(), "frame", "Search")
    step("The window can still be closed with the mouse")
    find(main, "push button", "Close")


run(scenario)
