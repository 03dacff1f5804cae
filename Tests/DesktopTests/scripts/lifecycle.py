"""The lock screen appears when the window is minimised (unmapped, as a window manager
iconifies it), when the machine suspends and when logind locks the session (python-dbusmock's logind); it asks nothing
while the session is locked and asks again once it is unlocked; a session lock during a prompt
cancels the prompt; the secret hides again, and what was typed in it is saved."""
import os
import subprocess

from desktop import *

PASSCODE = os.environ["TEST_PASSCODE"]
RIG = os.environ["LOGIND_RIG_DIR"]


def unlock(main):
    type_into(find(main, "password text"), PASSCODE)
    key("Return")
    find(main, "list item", "Groceries")


def locked(main):
    find(main, "label", "Checklists Is Locked")
    find(main, "push button", "Close")  # the lock screen keeps the window's buttons
    wait_for("no list behind the lock screen", lambda: not find_all(main, "list item", "Groceries"))


def show_secret(main):
    """Opens the Secret window and authenticates; returns the window showing the message."""
    window_action(main, "win.secret")
    secret = frame("Secret")
    click(find(secret, "push button", "Authenticate"))
    find(secret, "label", "Secret stuff!")
    return secret


def scenario():
    main = frame("Checklists")
    step("Unlock with the passcode")
    unlock(main)

    step("Minimised (unmapped by the window manager): the lock screen, then the prompt on restore")
    window = window_id("Checklists")
    subprocess.run(["xdotool", "windowunmap", window], check=True)
    wait_for("no list behind the minimised window", lambda: not find_all(main, "list item", "Groceries"))
    subprocess.run(["xdotool", "windowmap", window], check=True)
    locked(main)
    unlock(main)

    step("logind locks the session: the lock screen, no prompt until it is unlocked")
    rig("rig-dbusmock.sh", "lock", RIG)
    locked(main)
    if any(showing(o) for o in find_all(main, "password text")):
        raise Failure("the lock screen prompts while the session is locked")
    rig("rig-dbusmock.sh", "unlock", RIG)
    unlock(main)

    step("Suspend: the lock screen, no prompt while asleep, the prompt on waking")
    rig("rig-dbusmock.sh", "sleep", RIG, "true")
    locked(main)
    if any(showing(o) for o in find_all(main, "password text")):
        raise Failure("the lock screen prompts while the machine sleeps")
    rig("rig-dbusmock.sh", "sleep", RIG, "false")
    unlock(main)

    step("The secret shows, and hides again when the session locks")
    secret = show_secret(main)
    type_into(find(secret, "text", "Secret Message"), "gate code 4711")
    rig("rig-dbusmock.sh", "lock", RIG)
    locked(main)
    find(secret, "label", "Nothing to see here")
    absent(secret, "label", "Secret stuff!")
    click(find(secret, "push button", "Close"))
    absent(app(), "frame", "Secret")
    rig("rig-dbusmock.sh", "unlock", RIG)
    unlock(main)

    step("What was typed in the secret before the lock was saved")
    secret = show_secret(main)
    wait_for("the typed secret", lambda: text_of(find(secret, "text", "Secret Message")) == "gate code 4711")
    click(find(secret, "push button", "Close"))
    absent(app(), "frame", "Secret")

    step("A session lock during a prompt cancels it (turning the lock off asks first)")
    window_action(main, "win.preferences")
    prefs = frame("Preferences")
    pointer_click(find(prefs, "check box", "App Lock"))
    dialog = frame("Turn the App Lock Off")
    find(dialog, "password text")
    rig("rig-dbusmock.sh", "lock", RIG)
    absent(app(), "frame", "Turn the App Lock Off")
    locked(main)
    if "App lock: on" not in subprocess.run([os.environ["CHECKLISTS_BIN"], "lock", "status"],
                                            capture_output=True, text=True).stdout:
        raise Failure("the cancelled prompt turned the lock off")
    absent(app(), "frame", "Preferences")  # it closes with the lock, as Notes and Search do
    rig("rig-dbusmock.sh", "unlock", RIG)
    unlock(main)

run(scenario)
