"""Search (Ctrl+F): typing finds items across lists, each result shows its list, and Enter
opens the first result's list."""
import os

from desktop import *

SHOTS = os.environ.get("SCREENSHOT_DIR")


def named(root, name):
    """The first object on screen named `name`, whatever its role."""
    return wait_for(repr(name), lambda: next((o for o in walk(root) if o.name == name and showing(o)), None))


def scenario():
    main = frame("Checklists")
    find(main, "list item", "Groceries")

    step("Ctrl+F opens Search")
    pointer_click(find(main, "list item", "Chores"))
    key("ctrl+f")
    search = frame("Search")
    find(search, "label", "Type to search the items of every checklist.")

    step("Typing finds items of every list, each with its list")
    type_into(named(search, "Search Items"), "milk")
    find(search, "label", "2 matches")
    first = find(search, "list item", "Oat milk")
    find(first, "label", "Groceries")
    find(find(search, "list item", "Milk for the road"), "label", "Trips")
    absent(search, "list item", "Sweep")
    if SHOTS:
        screenshot(os.path.join(SHOTS, "search.png"))

    step("Enter opens the first result's list")
    key("Return")
    absent(app(), "frame", "Search")
    find(main, "check box", "Oat milk")


run(scenario)
