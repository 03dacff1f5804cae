"""Add Item and Edit Item with the keyboard alone: Ctrl+N, the text, Enter saves (as Enter in
Add Checklist does); Enter on a blank text saves nothing; Escape discards an edit. Enter in the
item form's text field did nothing, and Done was a long way off with Tab."""
import os
import subprocess

from desktop import *

CLI = os.environ["CHECKLISTS_BIN"]


def items():
    return subprocess.run([CLI, "items", "Groceries"], capture_output=True, text=True).stdout


def scenario():
    main = frame("Checklists")
    pointer_click(find(main, "list item", "Groceries"))
    find(main, "check box", "Apples")

    step("Ctrl+N, a text, Enter: the item is added")
    key("ctrl+n")
    form = frame("Add Item")
    field = find(form, "text", "Text")
    subprocess.run(["xdotool", "type", "--delay", "20", "Oat milk"], check=True)
    wait_for("the typed text in the field", lambda: text_of(field) == "Oat milk")
    key("Return")
    absent(app(), "frame", "Add Item")
    wait_for("Oat milk in the store", lambda: "Oat milk" in items())

    step("Enter on a blank text adds nothing and keeps the form")
    key("ctrl+n")
    form = frame("Add Item")
    key("Return")
    find(form, "text", "Text")
    key("Escape")
    absent(app(), "frame", "Add Item")

    step("Escape discards an edit")
    find(main, "check box", "Oat milk")
    key("ctrl+n")
    form = frame("Add Item")
    subprocess.run(["xdotool", "type", "--delay", "20", "Discarded"], check=True)
    key("Escape")
    absent(app(), "frame", "Add Item")
    if "Discarded" in items() or items().count("\n") != 3:
        raise Failure("after Escape: %r" % items())


run(scenario)
