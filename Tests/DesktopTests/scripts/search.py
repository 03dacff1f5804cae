"""Search (Ctrl+F): typing finds items across lists, each result shows its list, and Enter
opens the first result's list; past 30 lists the sidebar's later rows still come."""
import os
import subprocess

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

    step("Past 30 lists: the sidebar's later rows are built right after the first frame")
    for i in range(1, 33):
        subprocess.run([os.environ["CHECKLISTS_BIN"], "list", "add", "Extra %02d" % i], check=True,
                       capture_output=True)
    wait_for("all 35 lists in the sidebar", lambda: len(
        [o for o in find_all(main, "list item") if o.name in NAMES or o.name.startswith("Extra ")]) == 35)
    find(main, "list item", "Extra 32", visible=False)


NAMES = ("Groceries", "Chores", "Trips")

run(scenario)
