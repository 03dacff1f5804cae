"""The lock screen: shown at start with the app lock on (nothing behind it), a wrong passcode
asks again, the right one shows the lists, Ctrl+L locks again; the Notes and Search windows,
which show content, and the Preferences window close when the app locks."""
import os

from desktop import *

PASSCODE = os.environ["TEST_PASSCODE"]
SHOTS = os.environ.get("SCREENSHOT_DIR")


def passcode_field(main):
    return find(main, "password text")


def scenario():
    main = frame("Checklists")
    step("Locked at start, content hidden")
    find(main, "label", "Checklists Is Locked")
    if find_all(main, "list item", "Groceries"):
        raise Failure("a list shows behind the lock screen")

    step("A wrong passcode asks again")
    type_into(passcode_field(main), "not the passcode")
    key("Return")
    wait_for("the passcode asked again", lambda: any(
        "rong" in o.name for o in find_all(main, "label") if showing(o)))
    if SHOTS:
        screenshot(os.path.join(SHOTS, "lock-screen.png"))
    if find_all(main, "list item", "Groceries"):
        raise Failure("a wrong passcode unlocked")

    step("The right passcode unlocks")
    type_into(passcode_field(main), PASSCODE)
    key("Return")
    find(main, "list item", "Groceries")

    step("Ctrl+L locks again")
    key("ctrl+l")
    find(main, "label", "Checklists Is Locked")
    absent(main, "list item", "Groceries")
    passcode_field(main)

    step("Locking closes the Notes and Search windows")
    type_into(passcode_field(main), PASSCODE)
    key("Return")
    find(main, "list item", "Groceries")
    window_action(main, "win.notes")
    frame("Notes")
    window_action(main, "win.search")
    frame("Search")
    window_action(main, "win.lock")
    find(main, "label", "Checklists Is Locked")
    absent(app(), "frame", "Search")
    absent(app(), "frame", "Notes")

    step("Locking closes the Preferences window")
    type_into(passcode_field(main), PASSCODE)
    key("Return")
    find(main, "list item", "Groceries")
    window_action(main, "win.preferences")
    frame("Preferences")
    window_action(main, "win.lock")
    find(main, "label", "Checklists Is Locked")
    absent(app(), "frame", "Preferences")


run(scenario)
