"""Edit Checklist open while another process renames the list: Done, with the name left alone,
keeps the new name (the form wrote its name and icon back over the rename)."""

from desktop import *


def scenario():
    main = frame("Checklists")
    click(find(find(main, "list item", "Chores"), "push button", "Edit Checklist"))
    form = frame("Edit Checklist")
    cli("list", "edit", "Chores", "--name", "House chores")
    find(main, "list item", "House chores")
    click(find(form, "push button", "Done"))
    absent(app(), "frame", "Edit Checklist")
    find(main, "list item", "House chores")
    if "House chores" not in cli("lists"):
        raise Failure("after Done: %r" % cli("lists"))


run(scenario)
