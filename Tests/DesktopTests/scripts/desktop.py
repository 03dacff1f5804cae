"""Drives checklists-gtk through AT-SPI (pyatspi) and xdotool under Xvfb, as a person would.

Used by the scenario scripts beside it; every wait polls the accessibility tree with a generous
deadline instead of sleeping a fixed time, so the tests hold up on a loaded machine.
"""
import os
import subprocess
import sys
import time

import pyatspi
from gi.repository import Atspi, GLib

TIMEOUT = float(os.environ.get("DESKTOP_TIMEOUT", "30"))


class Failure(Exception):
    pass


def step(message):
    print("step:", message, flush=True)


def wait_for(what, probe, timeout=TIMEOUT):
    """Polls probe() until it returns something truthy; fails after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = probe()
        except Exception:  # objects vanish while the UI changes
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure("timed out waiting for " + what)
        time.sleep(0.1)


def app():
    def probe():
        for candidate in pyatspi.Registry.getDesktop(0):
            if candidate is not None and candidate.name == "checklists-gtk":
                # GTK 4.8 does not announce every child change: read the tree afresh each time.
                candidate.set_cache_mask(Atspi.Cache.NONE)
                return candidate
    return wait_for("the app on the accessibility bus", probe)


def walk(root, depth=0):
    if root is None or depth > 40:
        return
    yield root
    for i in range(root.childCount):
        try:
            child = root.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def shallow(root, depth):
    """The objects of the tree's first `depth` levels, level by level."""
    level = [root]
    for _ in range(depth):
        below = []
        for obj in level:
            if obj is None:
                continue
            yield obj
            try:
                below.extend(obj.getChildAtIndex(i) for i in range(obj.childCount))
            except Exception:
                continue
        level = below


def toast(root, text, timeout=TIMEOUT):
    """A toast's label. A toast lasts five seconds, and under load a walk of a whole window
    (some 200 objects, each a round trip to the app) takes longer; the toast sits five levels
    under its window, so only the first levels are read."""
    def probe():
        for o in shallow(root, 8):
            if o.name == text and o.getRoleName() == "label" and showing(o):
                return o
    return wait_for("the toast %r" % text, probe, timeout)


def find_all(root, role, name=None):
    return [o for o in walk(root) if o.getRoleName() == role and (name is None or o.name == name)]


def showing(obj):
    try:
        ext = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        return ext.width > 0 and ext.height > 0
    except Exception:
        return False


def find(root, role, name=None, timeout=TIMEOUT, visible=True):
    """The first object with this role (and name) that has a size on screen."""
    def probe():
        for o in find_all(root, role, name):
            if not visible or showing(o):
                return o
    return wait_for("%s %r" % (role, name), probe, timeout)


def absent(root, role, name, timeout=TIMEOUT):
    wait_for("no %s %r" % (role, name), lambda: not any(showing(o) for o in find_all(root, role, name)), timeout)


def frame(name, timeout=TIMEOUT):
    return find(app(), "frame", name, timeout)


def toplevel_of(obj):
    while obj is not None and obj.getRoleName() != "frame":
        obj = obj.parent
    return obj


def window_origin(top):
    """Screen position of a window's widget area: the X window minus its client-side border."""
    ext = top.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    tree = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True, text=True).stdout
    for line in tree.splitlines():
        if '"%s": ("checklists-gtk"' % top.name in line:
            geometry = line.split()[-2]
            size, x, y = geometry.replace("+", " ").split()
            width, height = (int(v) for v in size.split("x"))
            return int(x) + (width - ext.width) // 2, int(y) + (height - ext.height) // 2
    return 0, 0


def pointer_click(obj):
    top = toplevel_of(obj)
    ox, oy = window_origin(top)
    ext = obj.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = ox + ext.x + ext.width // 2, oy + ext.y + ext.height // 2
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)


def click(obj):
    """Runs the object's click action, or clicks its centre with the pointer."""
    try:
        action = obj.queryAction()
        for i in range(action.nActions):
            if action.getName(i) == "click":
                action.doAction(i)
                return
    except NotImplementedError:
        pass
    pointer_click(obj)


def key(*keys):
    subprocess.run(["xdotool", "key", "--clearmodifiers"] + list(keys), check=True)


def type_into(obj, text):
    """Clicks a text field, selects what it holds and types text."""
    pointer_click(obj)
    time.sleep(0.2)
    key("ctrl+a")
    key("BackSpace")
    if text:
        subprocess.run(["xdotool", "type", "--delay", "20", text], check=True)


def states(obj):
    return obj.getState()


def checked(obj):
    return states(obj).contains(pyatspi.STATE_CHECKED)


def sensitive(obj):
    return states(obj).contains(pyatspi.STATE_SENSITIVE)


def text_of(obj):
    try:
        t = obj.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return obj.name


def screenshot(path):
    if path:
        subprocess.run(["import", "-window", "root", path], check=True)


def run(scenario):
    try:
        scenario()
    except Failure as error:
        print("FAILED:", error, flush=True)
        failure_shot = os.environ.get("FAILURE_SCREENSHOT")
        if failure_shot:
            screenshot(failure_shot)
        sys.exit(1)
    print("PASSED", flush=True)


def cli(*args):
    """Runs the checklists CLI on the scenario's data directory and returns what it printed;
    a failing command fails the scenario with its error."""
    result = subprocess.run([os.environ["CHECKLISTS_BIN"]] + list(args), capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("checklists %s: %s" % (" ".join(args), result.stderr.strip()))
    return result.stdout


def rig(script, *args):
    """Runs one of the project's test rigs (scripts/rig-*.sh) and returns its output."""
    root = os.environ["CHECKLISTS_ROOT"]
    result = subprocess.run(["/bin/bash", os.path.join(root, "scripts", script)] + list(args),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure("%s %s: %s" % (script, " ".join(args), result.stderr.strip()))
    return result.stdout


def finger_needed():
    """Whether the virtual fingerprint reader (scripts/rig-fprintd.sh) waits for a finger."""
    result = subprocess.run(
        ["gdbus", "call", "--system", "--dest", "net.reactivated.Fprint",
         "--object-path", "/net/reactivated/Fprint/Device/0",
         "--method", "org.freedesktop.DBus.Properties.Get", "net.reactivated.Fprint.Device", "finger-needed"],
        capture_output=True, text=True)
    return "true" in result.stdout


def scan(print_id):
    """Puts finger `print_id` on the virtual reader once it waits for one."""
    wait_for("the reader to wait for a finger", finger_needed)
    rig("rig-fprintd.sh", "send", os.environ["FPRINT_RIG_DIR"], "SCAN " + print_id)


def window_id(title):
    """The X window of the toplevel titled `title`."""
    def probe():
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^%s$" % title],
                             capture_output=True, text=True).stdout.split()
        return out[0] if out else None
    return wait_for("the X window " + title, probe)


def window_action(frame_obj, name):
    """Runs a window action (win.NAME) that the frame exposes, as its menu item would."""
    action = frame_obj.queryAction()
    for i in range(action.nActions):
        if action.getName(i) == name:
            try:
                action.doAction(i)
            except GLib.GError as error:
                # The app answers once the action has run (a window built); a loaded machine
                # can take longer than AT-SPI waits. What the action shows is waited for next.
                if "Did not receive a reply" not in str(error):
                    raise
            return
    raise Failure("no action " + name)
