"""The lock screen with the fingerprint method (the real fprintd, libfprint's virtual device)
and PAM (pam_wrapper's pam_matrix): a stranger's finger shows the hint and offers "Enter
Password", the account password unlocks; after Ctrl+L the enrolled finger unlocks."""
import os

from desktop import *

ENROLLED = os.environ["FPRINT_ENROLLED"]
PASSWORD = os.environ["TEST_PASSWORD"]


def scan_until(main, print_id, seen, tries=3):
    """Scans `print_id` until `seen()` finds its effect. Under load a scan sent as the reader
    starts waiting has been seen to go unanswered (a fresh-clone run, once): the test says so
    and scans again rather than time out, so the case stays visible in its output."""
    for attempt in range(tries):
        scan(print_id)
        try:
            return seen()
        except Failure:
            if attempt == tries - 1:
                raise
            print("note: scan of %s went unanswered; scanning again" % print_id, flush=True)


def scenario():
    main = frame("Checklists")
    step("Locked at start: the lock screen asks for a finger at once")
    find(main, "label", "Touch the fingerprint reader")
    if find_all(main, "list item", "Fingered"):
        raise Failure("a list shows behind the lock screen")

    step("A stranger's finger: the hint, and Enter Password is offered")
    scan_until(main, "stranger", lambda: find(main, "label", "Not recognised", timeout=15))
    if find_all(main, "list item", "Fingered"):
        raise Failure("a stranger's finger unlocked")
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
    scan_until(main, ENROLLED, lambda: find(main, "list item", "Fingered", timeout=15))


run(scenario)
