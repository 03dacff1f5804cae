"""`checklists-gtk --item ID` (what a reminder's notification opens): the window opens at the
item's list with the item scrolled into view, selected and focused (Space toggles it)."""
import os
import subprocess

from desktop import *

TARGET = "Task 250"


def scenario():
    main = frame("Checklists")
    check = find(main, "check box", TARGET)
    row = check.parent.parent
    wait_for("the item's row selected", lambda: states(row).contains(pyatspi.STATE_SELECTED))
    key("space")
    wait_for("checked", lambda: checked(find(main, "check box", TARGET)))
    # The store is written off the main thread, a moment after the window shows the toggle.
    wait_for("checked in the store", lambda: "[✓]" in next(
        line for line in subprocess.run([os.environ["CHECKLISTS_BIN"], "items", "Big"], capture_output=True,
                                        text=True, check=True).stdout.splitlines() if line.endswith(TARGET)))


run(scenario)
