#!/usr/bin/python3
"""Import/export at scale (issue 16): 100,000 items through every interchange path.

    /usr/bin/python3 bench/interchange.py BIN [--before BIN0] [--rounds R] [--items N] [--only vdir|json]

BIN is the directory of the `checklists` binary (the release build for the figures in the
README). Each step runs the binary once in a fresh temp home and reports wall time (median of
3), CPU time (user + system, median of 3) and peak RSS. Steps: iOS Checklists.plist (binary
NSKeyedArchiver archive, 100 lists x N/100 items) import; JSON backup export; JSON import into
an empty home; iCalendar vdir export (N files); vdir import; the byte-exact check of export -> import -> export.

The vdir steps are set against this filesystem's floor, measured in the same run and interleaved
with them (each attempt: the floor, then Checklists): bench/files-floor.c (built with cc) creates
the same files, with the same bytes, the cheapest way (openat in the folder, O_CREAT|O_EXCL, one
write, close) and reads them back (getdents64, openat, one read, close). "x floor" is Checklists'
median wall time over the floor's; `stat -f` names the filesystem.

With --before BIN0 (the directory of an earlier build's binary) every step runs both binaries,
alternately in each round (R rounds, default 5; each run in a fresh home), and prints both medians
and the ratio after/before of wall and CPU time: the two are measured under the same load.
`--only json` runs the iOS and JSON steps alone, `--only vdir` the vdir steps alone.
"""
import json
import os
import plistlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from plistlib import UID


def ios_archive(lists, per_list):
    """A binary Checklists.plist like the iOS app writes (module-qualified class names)."""
    objs = ["$null"]

    def add(o):
        objs.append(o)
        return UID(len(objs) - 1)

    array_class = add({"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]})
    list_class = add({"$classname": "Checklists.Checklist", "$classes": ["Checklists.Checklist", "NSObject"]})
    item_class = add({"$classname": "Checklists.ChecklistItem", "$classes": ["Checklists.ChecklistItem", "NSObject"]})
    date_class = add({"$classname": "NSDate", "$classes": ["NSDate", "NSObject"]})
    icon = add("Groceries")
    root = add(None)
    list_uids = []
    item_id = 0
    for n in range(lists):
        items = []
        for m in range(per_list):
            text = add(f"Item {m} of list {n}: buy something")
            fields = {"$class": item_class, "Text": text, "Checked": m % 3 == 0, "ItemID": item_id,
                      "ShouldRemind": False}
            if m % 10 == 0:
                fields["DueDate"] = add({"$class": date_class, "NS.time": 1_000_000_000.0 + item_id * 60})
            items.append(add(fields))
            item_id += 1
        items_array = add({"$class": array_class, "NS.objects": items})
        name = add(f"List {n}")
        list_uids.append(add({"$class": list_class, "Name": name, "Items": items_array, "IconName": icon}))
    objs[root.data] = {"$class": array_class, "NS.objects": list_uids}
    archive = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"Checklists": root}, "$objects": objs}
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY)


def run(binary, home, *args):
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": home, "CHECKLISTS_HOME": home,
           "CHECKLISTS_KEYCHAIN": "file"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([binary, "--keychain", "file", *args], env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(args)}\n{result.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return elapsed, after.ru_maxrss, result, cpu


def floor_tool(work):
    """bench/files-floor.c built into `work`, or None without a C compiler."""
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "files-floor.c")
    tool = os.path.join(work, "files-floor")
    built = subprocess.run(["cc", "-O2", "-pthread", "-o", tool, source], capture_output=True)
    return tool if built.returncode == 0 else None


def floor(tool, *args):
    """(wall, cpu) seconds of one files-floor run."""
    out = subprocess.run([tool, *args], capture_output=True, text=True, check=True).stdout.split()
    return float(out[out.index("wall") + 1]), float(out[out.index("cpu") + 1])


def other_steps(step, fresh, work, source, archive, backup):
    """The iOS archive and JSON steps (left out with `--only vdir`)."""
    step("iOS archive import", lambda h, a, b: (fresh(h, b), ["import", "ios", archive, "--quiet"])[1],
         "import", "ios", "Checklists.plist")
    step("JSON export", lambda h, a, b: ["--home", source, "export", "--format", "json", "-o",
                                         h + ".json", "--quiet"],
         "export", "--format", "json", "-o", "FILE")
    step("JSON import (restore)", lambda h, a, b: (fresh(h, b), ["import", backup, "--quiet"])[1],
         "import", "FILE.json")


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def main():
    bindir = sys.argv[1]
    n = int(sys.argv[sys.argv.index("--items") + 1]) if "--items" in sys.argv else 100_000
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    binary = os.path.join(bindir, "checklists")
    builds = [("after", binary)]
    if "--before" in sys.argv:
        builds.append(("before", os.path.join(sys.argv[sys.argv.index("--before") + 1], "checklists")))
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else (5 if len(builds) > 1 else 3)
    work = tempfile.mkdtemp(prefix="checklists-interchange-bench.")
    try:
        archive = os.path.join(work, "Checklists.plist")
        with open(archive, "wb") as f:
            f.write(ios_archive(100, n // 100))
        rows = []

        def report(label, name, times, cpus):
            times = sorted(times)
            print(f"{label + ('' if len(builds) == 1 else f' [{name}]'):37} {median(times) * 1000:8.0f} ms"
                  f"  (min {times[0] * 1000:.0f}, max {times[-1] * 1000:.0f})  cpu {median(cpus) * 1000:.0f} ms")

        def step(label, prepare, *args):
            times = {name: [] for name, _ in builds}
            cpus = {name: [] for name, _ in builds}
            rss = {name: 0 for name, _ in builds}
            for attempt in range(rounds):
                # Alternate which build goes first, so neither always follows the other's writes.
                order = builds if attempt % 2 == 0 else list(reversed(builds))
                for name, exe in order:
                    home = os.path.join(work, f"{label.replace(' ', '-')}-{name}-{attempt}")
                    args_now = prepare(home, attempt, exe)
                    elapsed, peak, _, cpu = run(exe, home, *args_now)
                    times[name].append(elapsed)
                    cpus[name].append(cpu)
                    rss[name] = max(rss[name], peak)
            for name, _ in builds:
                rows.append((label, name, " ".join(["checklists", *args]), median(times[name]), rss[name],
                             median(cpus[name])))
                # CPU (user + system, all threads): what the step costs whatever else the machine runs.
                report(label, name, times[name], cpus[name])
            if len(builds) > 1:
                wall = median(times["after"]) / median(times["before"])
                cpu = median(cpus["after"]) / max(median(cpus["before"]), 1e-9)
                print(f"{'':37} after/before: wall {wall:.2f}, cpu {cpu:.2f}")

        source = os.path.join(work, "source")
        run(binary, source, "import", "ios", archive, "--quiet")
        backup = os.path.join(work, "backup.json")
        run(binary, source, "export", "--format", "json", "-o", backup, "--quiet")
        vdir = os.path.join(work, "vdir")
        run(binary, source, "export", "--format", "ics", vdir, "--quiet")

        def fresh(home, exe):
            shutil.rmtree(home, ignore_errors=True)
            run(exe, home, "lists")  # the store exists; the timed run is the import alone
            return None

        if only != "vdir":
            other_steps(step, fresh, work, source, archive, backup)
        tool = floor_tool(work) if only != "json" else None
        fs = subprocess.run(["df", "--output=fstype", work], capture_output=True, text=True).stdout.split()[-1]

        def vdir_step(label, floor_label, floor_args, prepare, *args):
            """The step and, before each of its attempts, the floor; both medians and the ratio."""
            floors = []
            wrap = prepare
            if tool:
                def wrap(home, attempt, exe):
                    floors.append(floor(tool, *floor_args(f"{attempt}-{len(floors)}")))
                    return prepare(home, attempt, exe)
            step(label, wrap, *args)
            if floors:
                walls = sorted(f[0] for f in floors)
                cpus = sorted(f[1] for f in floors)
                ratio = rows[-len(builds)][3] / median(walls) if median(walls) > 0 else 0
                rows.append((floor_label, "floor", "bench/files-floor.c", median(walls), 0, median(cpus)))
                print(f"{floor_label:37} {median(walls) * 1000:8.0f} ms  (min {walls[0] * 1000:.0f}, max "
                      f"{walls[-1] * 1000:.0f})  cpu {median(cpus) * 1000:.0f} ms  -> {label}: {ratio:.1f}x floor")

        if only != "json":
            vdir_step("iCalendar vdir export", f"  floor: create ({fs})",
                      lambda a: ["write", vdir, os.path.join(work, f"floor{a}")],
                      lambda h, a, b: ["--home", source, "export", "--format", "ics", h + ".vdir", "--quiet"],
                      "export", "--format", "ics", "DIR")
            vdir_step("iCalendar vdir import", f"  floor: read ({fs})", lambda a: ["read", vdir],
                      lambda h, a, b: (fresh(h, b), ["import", vdir, "--quiet"])[1], "import", "DIR")
        restored = os.path.join(work, "restored")
        run(binary, restored, "import", backup, "--quiet")
        again = os.path.join(work, "again.json")
        run(binary, restored, "export", "--format", "json", "-o", again, "--quiet")
        same = open(backup, "rb").read() == open(again, "rb").read()
        print(f"export -> import -> export byte-identical: {same} ({os.path.getsize(backup)} bytes)")
        print(f"archive: {os.path.getsize(archive)} bytes, {n} items in 100 lists; {rounds} runs per build and step")
        load = os.getloadavg()
        print(f"filesystem {fs}; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {os.cpu_count()} cores")
        json.dump({"items": n, "rows": rows, "identical": same, "filesystem": fs, "load": load}, open(os.path.join(work, "..",
                  "checklists-interchange-bench.json"), "w"), indent=1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
