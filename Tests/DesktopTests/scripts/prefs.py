"""Preferences with the app lock on (passcode): the Lock Method chooser shows Passcode; choosing
Password asks first, and cancelling keeps Passcode with a toast; the Notifications switch
stores the permission the CLI and the agent read."""
import os

from desktop import *

PASSCODE = os.environ["TEST_PASSCODE"]


def scenario():
    main = frame("Checklists")
    step("Unlock with the passcode")
    type_into(find(main, "password text"), PASSCODE)
    key("Return")
    find(main, "list item", "Groceries")

    step("Preferences: Lock Method shows Passcode")
    key("ctrl+comma")
    prefs = frame("Preferences")
    chooser = wait_for("the Lock Method row", lambda: next(
        o for o in walk(prefs) if o.name.startswith("Lock Method") and showing(o)))
    find(prefs, "label", "Passcode")

    step("Choosing Password asks first; Cancel keeps Passcode with a toast")
    click(chooser)
    wait_for("the options", lambda: next(o for o in walk(app()) if o.name == "Fingerprint" and showing(o)))
    key("Up")  # from Passcode to Password
    key("Return")
    dialog = frame("Change the Lock Method")
    click(find(dialog, "push button", "Cancel"))
    toast(prefs, "The lock method stays Passcode: Cancelled.")
    if not cli("lock", "status").startswith("App lock: on (the app passcode)"):
        raise Failure("the method changed: " + cli("lock", "status"))

    step("The Notifications switch stores the permission")
    pointer_click(find(prefs, "check box", "Notifications"))
    wait_for("the answer in the store", lambda: "Notifications: on" in cli("settings"))
    pointer_click(find(prefs, "check box", "Notifications"))
    wait_for("the answer in the store", lambda: "Notifications: off" in cli("settings"))


run(scenario)
