#!/usr/bin/python3
"""Full import against Taskwarrior, two builds and `task import` paired round by round (issue 13).

    /usr/bin/python3 bench/import-peer-pair.py BEFORE_BIN AFTER_BIN [RUNS] [ITEMS] [LISTS]

Makes, in a temporary directory, the peer's items (ITEMS, default 10,000, in LISTS lists, default
100, item i in list i % LISTS, as `bench.py --only peer` builds them with one `checklists`
process each) twice: as a Checklists JSON backup (written directly with random uids, then
imported and exported by BEFORE, so that it is exactly what an export gives) and as the JSON
array `task import` reads (bench.py's). Each round then runs the three imports in a rotating
order, each into a fresh, nonexistent home (Taskwarrior: an isolated TASKRC and TASKDATA), and
times them (wall; CPU = user + system of all threads). Prints the medians, the median of the
per-round ratios after/before, and task's time over each build's (the speed-up).
"""
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

before, after = sys.argv[1:3]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
n = int(sys.argv[4]) if len(sys.argv) > 4 else 10_000
lists = int(sys.argv[5]) if len(sys.argv) > 5 else 100
work = tempfile.mkdtemp(prefix="checklists-import-peer.")
env = {k: v for k, v in os.environ.items() if not k.startswith(("DBUS_", "CHECKLISTS_", "TASK"))}
env.update(TASKRC=os.path.join(work, "taskrc"), LANG="C.UTF-8", TZ="UTC")


def make_inputs():
    rng = random.Random(7)
    stamp = "2026-12-01T00:00:00Z"

    def uid():
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))

    doc_lists = [dict(created=stamp, icon="No Icon", id=1, items=[], modified=stamp, name="List", uid=uid())]
    doc_lists += [dict(created=stamp, icon="No Icon", id=l + 2, items=[], modified=stamp, name=f"List {l}", uid=uid())
                  for l in range(lists)]
    for i in range(n):
        doc_lists[1 + i % lists]["items"].append(
            dict(checked=False, created=stamp, id=i, modified=stamp, remind=False,
                 text=f"Item {i // lists} of list {i % lists}", uid=uid()))
    document = dict(format="checklists-backup", lists=doc_lists, notes=[], tombstones=[], version=1,
                    settings=dict(ChecklistIndex=1, ChecklistItemID=n, TombstoneDays=90))
    raw = os.path.join(work, "raw.json")
    with open(raw, "w") as fh:
        json.dump(document, fh)
    home = os.path.join(work, "normalize")
    subprocess.run([before, "--home", home, "import", raw, "--quiet"], env=env, check=True)
    subprocess.run([before, "--home", home, "export", "--format", "json", "-o", os.path.join(work, "backup.json")],
                   env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.rmtree(home)
    tasks = [{"uuid": str(uuid.UUID(int=i + 1)), "description": f"Item {i // lists} of list {i % lists}",
              "project": f"List{i % lists}", "status": "pending", "entry": "20261201T000000Z"} for i in range(n)]
    with open(os.path.join(work, "import.json"), "w") as fh:
        json.dump(tasks, fh)
    with open(env["TASKRC"], "w") as fh:
        fh.write(f"data.location={work}/taskdata\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=2.6.2\n")


def once(name):
    argv, home = commands[name]
    shutil.rmtree(home, ignore_errors=True)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (now.ru_utime + now.ru_stime) - (used.ru_utime + used.ru_stime)


try:
    make_inputs()
    backup = os.path.join(work, "backup.json")
    commands = {
        "before": ([before, "--home", os.path.join(work, "b"), "import", backup, "--quiet"], os.path.join(work, "b")),
        "after": ([after, "--home", os.path.join(work, "a"), "import", backup, "--quiet"], os.path.join(work, "a")),
        "task": (["task", "import", os.path.join(work, "import.json")], os.path.join(work, "taskdata")),
    }
    names = list(commands)
    results = {name: [] for name in names}
    print(f"{n} items in {lists} lists; load at start {os.getloadavg()[0]:.2f}")
    for r in range(runs + 2):
        order = names[r % 3:] + names[:r % 3]
        measured = {name: once(name) for name in order}
        if r >= 2:  # warm-up
            for name in names:
                results[name].append(measured[name])
finally:
    shutil.rmtree(work, ignore_errors=True)
for name in names:
    walls = [w * 1000 for w, _ in results[name]]
    cpus = [c * 1000 for _, c in results[name]]
    print(f"{name:7} wall median {statistics.median(walls):7.1f} ms (min {min(walls):6.1f})"
          f"  cpu median {statistics.median(cpus):6.1f} ms")


def ratio(a, b):
    return statistics.median(x[0] / y[0] for x, y in zip(results[a], results[b]))


print(f"after/before: median of {runs} paired ratios (wall) {ratio('after', 'before'):.2f}")
print(f"speed-up against task import (median of per-round task/ours): before {ratio('task', 'before'):.2f}x,"
      f" after {ratio('task', 'after'):.2f}x")
print(f"load at end {os.getloadavg()[0]:.2f}")
