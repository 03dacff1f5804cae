"""An item deleted in the window (its undo toast still up) and then changed by another process:
the list's counts follow the item as it is now (checked elsewhere, it no longer counts as
remaining; deleted elsewhere, it is not taken off twice), and once deleted elsewhere there is
nothing left for Ctrl+Z to bring back. The window used to count the item as it was when
deleted ("All Done!" with an item unchecked) and to say "Restored" for an item that was gone."""
import os
import subprocess

from desktop import *

CLI = os.environ["CHECKLISTS_BIN"]


def says(main, text, timeout=TIMEOUT):
    """The list's sidebar row says `text` (a short walk: the undo toast lasts five seconds)."""
    wait_for("the sidebar row says " + text,
             lambda: find_all(find(main, "list item", "Groceries"), "label", text), timeout)


def scenario():
    main = frame("Checklists")
    pointer_click(find(main, "list item", "Groceries"))
    delete = find(find(main, "check box", "Apples").parent, "push button", "Delete Item")
    says(main, "2 Remaining")

    step("Apples deleted here; the CLI checks it and adds Cheese")
    pointer_click(delete)
    says(main, "1 Remaining")
    cli("item", "check", "0")
    cli("item", "add", "Groceries", "Cheese")
    # Before the toast goes (five seconds after the delete), which deletes Apples for good.
    says(main, "2 Remaining", timeout=3)

    step("the CLI deletes Apples and adds Dates; Ctrl+Z has nothing to bring back")
    # On a loaded machine the toast may have gone and the window deleted Apples itself.
    subprocess.run([CLI, "item", "delete", "0"], capture_output=True)
    cli("item", "add", "Groceries", "Dates")
    find(main, "check box", "Dates")
    says(main, "3 Remaining")
    key("ctrl+z")
    absent(main, "check box", "Apples", timeout=3)
    says(main, "3 Remaining")


run(scenario)
