"""Lists and items end to end: add a list with an icon, add/edit/toggle/delete items (Done
refused on empty text), undo a delete, and see another process's change arrive."""
import os
import time

from desktop import *

SHOTS = os.environ.get("SCREENSHOT_DIR")


def shot(name):
    if SHOTS:
        screenshot(os.path.join(SHOTS, name))


def row_button(check, name):
    """The button named `name` in the same item row as check box `check`."""
    return find(check.parent, "push button", name)


def list_row(main):
    return find(main, "list item", "Trips 2027")


def status(main, text):
    """Waits until the list's row says `text` (the sidebar is rebuilt on changes)."""
    wait_for("status " + text, lambda: find_all(list_row(main), "label", text))


def scenario():
    main = frame("Checklists")
    find(main, "list item", "Groceries")
    shot("checklists.png")

    step("Add Checklist refuses an empty name, then takes one with the Trips icon")
    click(find(main, "push button", "Add Checklist"))
    form = frame("Add Checklist")
    done = find(form, "push button", "Done")
    if sensitive(done):
        raise Failure("Done is sensitive while the name is empty")
    type_into(find(form, "text", "Name"), "Trips 2027")
    wait_for("Done sensitive", lambda: sensitive(done))
    click(find(form, "push button", "Icon"))
    picker = find(app(), "list", "Icon Picker")
    find(picker, "list item", "Trips")
    time.sleep(0.5)
    shot("icon-picker.png")
    key(*(["Down"] * 9))
    key("Return")
    find(form, "label", "Trips")
    click(done)
    find(list_row(main), "image", "Trips")
    status(main, "No Items")

    step("Add Item refuses empty text, then adds one")
    click(find(main, "push button", "Add Item"))
    form = frame("Add Item")
    done = find(form, "push button", "Done")
    if sensitive(done):
        raise Failure("Done is sensitive while the text is empty")
    type_into(find(form, "text", "Text"), "   ")
    if sensitive(done):
        raise Failure("Done is sensitive for blank text")
    type_into(find(form, "text", "Text"), "Passport")
    wait_for("Done sensitive", lambda: sensitive(done))
    shot("add-item.png")
    click(done)
    check = find(main, "check box", "Passport")
    status(main, "1 Remaining")

    step("Clicking the check toggles at once")
    pointer_click(check)
    wait_for("Passport checked", lambda: checked(find(main, "check box", "Passport")))
    status(main, "All Done!")
    # The store is written off the main thread, a moment after the window shows the toggle.
    wait_for("the CLI sees the item checked", lambda: "[✓]" in cli("items", "Trips 2027"))

    step("Edit Item: new text and a reminder")
    click(row_button(find(main, "check box", "Passport"), "Edit Item"))
    form = frame("Edit Item")
    type_into(find(form, "text", "Text"), "Passport and visa")
    pointer_click(find(form, "check box", "Remind Me"))
    wait_for("Remind Me on", lambda: checked(find(form, "check box", "Remind Me")))
    click(find(form, "push button", "Done"))

    step("The first reminder asks the notification permission once")
    if "not asked yet" not in cli("settings"):
        raise Failure("the permission was answered before anyone asked")
    dialog = find(app(), "dialog", "Allow notifications?")
    shot("allow-notifications.png")
    # Named once (libadwaita 1.2 alone names it "Allow Allow": its label twice).
    click(find(dialog, "push button", "Allow"))
    absent(app(), "label", "Allow notifications?")
    wait_for("the answer in the store", lambda: "Notifications: on" in cli("settings"))
    check = find(main, "check box", "Passport and visa")
    find(check.parent, "image", "Reminder")
    shot("checklist.png")

    step("Cancel discards")
    click(row_button(check, "Edit Item"))
    form = frame("Edit Item")
    type_into(find(form, "text", "Text"), "Discarded")
    click(find(form, "push button", "Cancel"))
    absent(app(), "frame", "Edit Item")
    find(main, "check box", "Passport and visa")

    step("Delete, then Ctrl+Z undoes it")
    click(row_button(find(main, "check box", "Passport and visa"), "Delete Item"))
    # The toast, not the row's absence: a walk of the whole window under load can outlast the
    # toast's five seconds, after which the delete is for good (toast.py checks the row goes).
    toast(main, "Deleted “Passport and visa”")
    shot("undo-toast.png")
    key("ctrl+z")
    find(main, "check box", "Passport and visa")

    step("Another process's change shows up")
    cli("item", "add", "Trips 2027", "Tickets")
    find(main, "check box", "Tickets")
    status(main, "1 Remaining")

    step("A delete happens for good when the window closes")
    click(row_button(find(main, "check box", "Passport and visa"), "Delete Item"))
    absent(main, "check box", "Passport and visa")
    click(find(main, "push button", "Close"))
    wait_for("the delete to reach the store", lambda: "Passport" not in cli("items", "Trips 2027"))

run(scenario)
