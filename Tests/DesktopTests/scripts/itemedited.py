"""Edit Item open while another process renames the item: Done, with the text left alone,
keeps the other process's text (the form wrote every field back, the text it had opened with
included)."""
import os

from desktop import *

ITEM = os.environ["ITEM_ID"]


def scenario():
    main = frame("Checklists")
    click(find(main, "list item", "Groceries"))
    check = find(main, "check box", "Milk")

    step("Edit Item is open when another process renames the item")
    click(find(check.parent, "push button", "Edit Item"))
    form = frame("Edit Item")
    cli("item", "edit", ITEM, "--text", "Oat milk")
    find(main, "check box", "Oat milk")
    click(find(form, "push button", "Done"))
    absent(app(), "frame", "Edit Item")

    step("the rename stays")
    find(main, "check box", "Oat milk")
    shown = cli("items", "Groceries")
    if "Oat milk" not in shown:
        raise Failure("after Done: %r" % shown)


run(scenario)
