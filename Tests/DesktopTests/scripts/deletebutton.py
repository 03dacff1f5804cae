"""An item deleted with its row's Delete button (a real click), in a list with other items:
Ctrl+Z brings it back and the window's other shortcuts keep working. The keyboard focus stayed
on the deleted row's recycled widgets, and every shortcut went nowhere until the next click."""
import os

from desktop import *


def delete_with_button(main, name):
    pointer_click(find(find(main, "check box", name).parent, "push button", "Delete Item"))
    toast(main, "Deleted “%s”" % name)


def scenario():
    main = frame("Checklists")
    pointer_click(find(main, "list item", "Groceries"))

    step("the first item's Delete button, then Ctrl+Z")
    delete_with_button(main, "Apples")
    key("ctrl+z")
    find(main, "check box", "Apples", timeout=10)

    step("the last item's Delete button, then Ctrl+Z")
    delete_with_button(main, "Cheese")
    key("ctrl+z")
    find(main, "check box", "Cheese", timeout=10)

    step("Ctrl+F still opens Search")
    delete_with_button(main, "Bread")
    key("ctrl+f")
    frame("Search", timeout=10)


run(scenario)
