"""Notes, Preferences and the app lock switch: a note typed in the window reaches the store;
turning the lock on asks first, and cancelling flips the switch back with a toast."""
import os
import subprocess

from desktop import *

CLI = os.environ["CHECKLISTS_BIN"]
SHOTS = os.environ.get("SCREENSHOT_DIR")


def shot(name):
    if SHOTS:
        screenshot(os.path.join(SHOTS, name))


def scenario():
    main = frame("Checklists")
    find(main, "list item", "Groceries")

    step("Notes: a new note's title is saved as it is typed")
    window_action(main, "win.notes")
    notes = frame("Notes")
    click(find(notes, "push button", "Add Note"))
    type_into(find(notes, "text", "Title"), "Packing list")
    wait_for("the note in the store", lambda: "Packing list" in subprocess.run(
        [CLI, "notes"], capture_output=True, text=True).stdout)
    shot("notes.png")
    click(find(notes, "push button", "Close"))
    absent(app(), "frame", "Notes")

    step("Preferences: turning the lock on asks first; Cancel flips the switch back")
    window_action(main, "win.preferences")
    prefs = frame("Preferences")
    switch = find(prefs, "check box", "App Lock")
    shot("preferences.png")
    pointer_click(switch)
    dialog = frame("Turn the App Lock On")
    click(find(dialog, "push button", "Cancel"))
    toast(prefs, "The app lock stays off: Cancelled.")
    wait_for("the switch back off", lambda: not checked(find(prefs, "check box", "App Lock")))
    if "on" in subprocess.run([CLI, "lock", "status"], capture_output=True, text=True).stdout.split("\n")[0].lower():
        raise Failure("the lock turned on")


run(scenario)
