"""The keyboard alone: a search result (Ctrl+F) opens its list at the item (selected, scrolled
into view, focused), Space toggles the focused row's check (and again unchecks it), Enter opens
Edit Item, Escape closes it, Delete deletes the item with an undo toast, Ctrl+Z brings it back
(scrolled to again); the shortcuts window lists Space, Enter and Delete."""
import subprocess

from desktop import *

TARGET = "Task 250"


def target_line():
    return next(line for line in cli("items", "Big").splitlines() if line.endswith(TARGET))


def header_says(main, text, skipping=("Items",)):
    """A label outside the item rows (and the lists `skipping` names) says `text` (pruning the
    rows keeps this read fast)."""
    def labels(obj, depth=0):
        if obj is None or depth > 40 or (obj.getRoleName() == "list" and obj.name in skipping):
            return
        if obj.getRoleName() == "label" and obj.name == text:
            yield obj
        for i in range(obj.childCount):
            yield from labels(obj.getChildAtIndex(i), depth + 1)
    return next(labels(main), None)


def count(main, text):
    """Waits until the list's row in the sidebar and the content's title both say `text`."""
    wait_for("the sidebar row says " + text, lambda: find_all(find(main, "list item", "Big"), "label", text))
    wait_for("the title says " + text, lambda: header_says(main, text, skipping=("Items", "Checklists")))


def scenario():
    main = frame("Checklists")
    find(main, "list item", "Big")

    step("Ctrl+F, the item's text, Enter: the list opens at the item")
    key("ctrl+f")
    search = frame("Search")
    subprocess.run(["xdotool", "type", "--delay", "20", TARGET], check=True)
    find(search, "label", "1 match")
    key("Return")
    absent(app(), "frame", "Search")
    check = find(main, "check box", TARGET)  # on screen: scrolled into view
    row = check.parent.parent
    wait_for("the item's row selected", lambda: states(row).contains(pyatspi.STATE_SELECTED))
    if checked(check):
        raise Failure("the item starts checked")

    step("Space toggles the focused row's check and the list's count, and again unchecks it")
    count(main, "300 Remaining")
    key("space")
    wait_for("checked in the window", lambda: checked(find(main, "check box", TARGET)))
    count(main, "299 Remaining")
    wait_for("checked in the store", lambda: "[✓]" in target_line())
    key("space")
    wait_for("unchecked in the window", lambda: not checked(find(main, "check box", TARGET)))
    count(main, "300 Remaining")
    wait_for("unchecked in the store", lambda: "[✓]" not in target_line())

    step("Enter opens Edit Item; Escape closes it")
    key("Return")
    form = frame("Edit Item")
    key("Escape")
    absent(app(), "frame", "Keyboard Shortcuts")
    absent(app(), "frame", "Edit Item")

    step("Delete deletes the focused item; Ctrl+Z undoes it")
    find(main, "check box", TARGET)
    # Quick reads only until Ctrl+Z: reading 300 rows through AT-SPI can outlast the 5 s toast.
    key("Delete")
    wait_for("299 Remaining", lambda: header_says(main, "299 Remaining"))
    key("ctrl+z")
    wait_for("300 Remaining", lambda: header_says(main, "300 Remaining"))
    find(main, "check box", TARGET)
    if TARGET not in cli("items", "Big"):
        raise Failure("the item is gone from the store")

    step("Ctrl+? lists Space, Enter and Delete among the shortcuts")
    key("ctrl+question")
    shortcuts = frame("Keyboard Shortcuts")
    for title in ("Check or Uncheck the Focused Item", "Edit the Focused Item", "Delete the Focused Item"):
        find(shortcuts, "label", title)
    key("Escape")
    absent(app(), "frame", "Keyboard Shortcuts")


run(scenario)
