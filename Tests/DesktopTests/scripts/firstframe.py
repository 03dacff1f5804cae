"""The cold-start benchmark's way of seeing the first frame from outside the app
(bench/first-frame.c, preloaded): a second copy of the app, started with the shim, ends with
status 0 once its window has painted, while the copy started without it keeps running."""
import os
import subprocess
import tempfile

from desktop import *

ROOT = os.environ["CHECKLISTS_ROOT"]
APP = os.path.join(os.path.dirname(os.environ["CHECKLISTS_BIN"]), "checklists-gtk")


def scenario():
    step("The app started by the test runs and shows its window")
    main = frame("Checklists")
    find(main, "list item", "Groceries")

    step("A copy started with the first-frame shim exits after its first frame")
    with tempfile.TemporaryDirectory() as work:
        shim = os.path.join(work, "first-frame.so")
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"],
                               capture_output=True, text=True, check=True).stdout.split()
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", shim,
                        os.path.join(ROOT, "bench", "first-frame.c")] + flags + ["-ldl"], check=True)
        try:
            done = subprocess.run([APP], env=dict(os.environ, LD_PRELOAD=shim),
                                  capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise Failure("the app with the shim did not exit after its first frame")
        if done.returncode != 0:
            raise Failure("the app with the shim exited with %d: %s" % (done.returncode, done.stderr))

    step("The copy without it is still running")
    find(frame("Checklists"), "list item", "Groceries")


run(scenario)
