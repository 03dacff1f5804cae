"""Stored text is shown as written, never read as markup: an item named with "&" and tags is
shown in its row and in the undo toast of its delete exactly as typed."""
from desktop import *

NAME = "Salt & <i>pepper</i>"


def scenario():
    main = frame("Checklists")
    pointer_click(find(main, "list item", "Pantry"))
    check = find(main, "check box", NAME)
    find(check.parent, "label", NAME)

    step("The undo toast names the item as written")
    click(find(check.parent, "push button", "Delete Item"))
    toast(main, "Deleted “" + NAME + "”")
    key("ctrl+z")
    find(main, "check box", NAME)


run(scenario)
