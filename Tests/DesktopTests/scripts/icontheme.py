"""The app's own icons reach GTK's icon theme through XDG_DATA_DIRS, set before GTK starts, and
not through gtk_icon_theme_add_search_path once GTK and libadwaita have started (that made GTK
4.8 recompute icon styles on every change: a focus move in a 10,000-item list cost twice the
CPU). Also the frame-times shim of bench/desktop-frames.sh logs the frames it sees."""
import os
import subprocess
import tempfile

from desktop import *

ROOT = os.environ["CHECKLISTS_ROOT"]
APP = os.path.join(os.path.dirname(os.environ["CHECKLISTS_BIN"]), "checklists-gtk")


def build(work, source, name):
    shim = os.path.join(work, name)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"],
                           capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", shim, source] + flags + ["-ldl"], check=True)
    return shim


def scenario():
    step("The app started by the test runs and shows its window")
    main = frame("Checklists")
    find(main, "list item", "Groceries")

    with tempfile.TemporaryDirectory() as work:
        step("A copy with the icon-theme probe: no search path added, the app's icons found")
        probe = build(work, os.path.join(ROOT, "Tests", "DesktopTests", "scripts", "icon-theme-probe.c"),
                      "probe.so")
        try:
            out = subprocess.run([APP], env=dict(os.environ, LD_PRELOAD=probe),
                                 capture_output=True, text=True, timeout=TIMEOUT).stdout
        except subprocess.TimeoutExpired:
            raise Failure("the app with the icon-theme probe did not exit")
        print(out.strip(), flush=True)
        if "search-path-calls 0\n" not in out:
            raise Failure("the app added an icon search path after GTK started: " + out)
        for name in ("io.github.checklists.Checklists", "checklists-groceries-symbolic",
                     "checklists-trips-symbolic"):
            if "icon %s yes\n" % name not in out:
                raise Failure("icon %s not found: %s" % (name, out))

        step("A copy with the frame-times shim logs its painted frames")
        shim = build(work, os.path.join(ROOT, "bench", "frame-times.c"), "frames.so")
        log = os.path.join(work, "frames.log")
        copy = subprocess.Popen([APP], env=dict(os.environ, LD_PRELOAD=shim, FRAME_TIMES_LOG=log),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            def painted():
                return os.path.exists(log) and "paint " in open(log).read()
            wait_for("a painted frame in the log", painted)
            kinds = {line.split()[0] for line in open(log) if line.strip()}
            if not {"mapped", "start", "paint"} <= kinds:
                raise Failure("frame log lacks records: %s" % sorted(kinds))
        finally:
            copy.kill()
            copy.wait()


run(scenario)
