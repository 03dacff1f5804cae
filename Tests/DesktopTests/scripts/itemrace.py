"""An item deleted by the CLI while its Edit Item form is open: Done does not bring it back
(deleting it was someone's decision) and a toast says it is gone; the app goes on."""
import os

from desktop import *

ITEM = os.environ["ITEM_ID"]


def scenario():
    main = frame("Checklists")
    click(find(main, "list item", "Groceries"))
    check = find(main, "check box", "Oat milk")

    step("Edit Item is open when another process deletes the item")
    click(find(check.parent, "push button", "Edit Item"))
    form = frame("Edit Item")
    cli("item", "delete", ITEM)
    type_into(find(form, "text", "Text"), "Oat milk, 2 l")
    click(find(form, "push button", "Done"))

    step("a toast says the item is gone; nothing comes back")
    toast(main, "Could not save: No item with ID %s." % ITEM)
    absent(app(), "frame", "Edit Item")
    if "Oat milk" in cli("items", "Groceries"):
        raise Failure("the deleted item came back")
    click(find(main, "push button", "Add Item"))
    frame("Add Item")


run(scenario)
