"""The lock screen with the fingerprint method (the real fprintd, libfprint's virtual device)
and PAM (pam_wrapper's pam_matrix): a stranger's finger shows "Not recognised" and offers "Enter
Password", a short swipe shows its hint, and each hint stays while the reader waits for the next
finger; the account password unlocks; after Ctrl+L the enrolled finger unlocks."""
import os
import time

from desktop import *

ENROLLED = os.environ["FPRINT_ENROLLED"]
PASSWORD = os.environ["TEST_PASSWORD"]


def hint_stays(main, text):
    """`text` still shows once the reader waits for the next finger (and a moment after, for
    its signal to reach the app)."""
    wait_for("the reader to wait for a finger", finger_needed)
    time.sleep(1)
    if not any(o.name == text and showing(o) for o in find_all(main, "label")):
        shown = [o.name for o in find_all(main, "label") if showing(o) and o.name]
        raise Failure("%r went away while the reader waited (shown: %r)" % (text, shown))


def scenario():
    main = frame("Checklists")
    step("Locked at start: the lock screen asks for a finger at once")
    find(main, "label", "Touch the fingerprint reader")
    if find_all(main, "list item", "Fingered"):
        raise Failure("a list shows behind the lock screen")

    step("A stranger's finger: the hint, and Enter Password is offered")
    scan("stranger")
    find(main, "label", "Not recognised")
    if find_all(main, "list item", "Fingered"):
        raise Failure("a stranger's finger unlocked")
    hint_stays(main, "Not recognised")

    step("A short swipe: its hint shows and stays while the reader waits")
    rig("rig-fprintd.sh", "send", os.environ["FPRINT_RIG_DIR"], "RETRY 1")
    find(main, "label", "Swipe was too short")
    hint_stays(main, "Swipe was too short")
    click(find(main, "push button", "Enter Password"))

    step("The account password (PAM) unlocks")
    field = find(main, "password text")
    type_into(field, "not the password")
    key("Return")
    wait_for("the password asked again", lambda: any(
        "rong" in o.name for o in find_all(main, "label") if showing(o)))
    type_into(find(main, "password text"), PASSWORD)
    key("Return")
    find(main, "list item", "Fingered")

    step("Ctrl+L locks; the enrolled finger unlocks")
    key("ctrl+l")
    find(main, "label", "Touch the fingerprint reader")
    absent(main, "list item", "Fingered")
    scan(ENROLLED)
    find(main, "list item", "Fingered")


run(scenario)
