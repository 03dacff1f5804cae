#!/usr/bin/python3
"""Pairs two builds by CPU time and page faults (`perf stat`), which the disk's sync times do not
blur: on a machine loaded by others a write command's wall time is mostly its `fdatasync`.

Usage: pair-cpu.py BEFORE_DIR AFTER_DIR BEFORE_HOME AFTER_HOME [ROUNDS] [ITEM_ID]

The homes as for pair-commands.py (copies of one store serve both builds while the schema is the
same). Each round runs `perf stat -r 15` of `item add`, `lists` and `item toggle` for both
builds, the order alternating between rounds; prints the medians and the median of the
per-round ratios after/before. Run it with the environment bench.py uses.
"""
import os
import statistics
import subprocess
import sys

args = sys.argv[1:]
if len(args) < 4:
    raise SystemExit(__doc__)
dirs = {"before": args[0], "after": args[1]}
homes = {"before": args[2], "after": args[3]}
rounds = int(args[4]) if len(args) > 4 else 4
item = args[5] if len(args) > 5 else "510"
ops = {"item add": ["item", "add", "List 5", "Bench"], "lists": ["lists"], "item toggle": ["item", "toggle", item]}
res = {(op, s): {"cpu": [], "faults": []} for op in ops for s in dirs}
print(f"load at start {os.getloadavg()[0]:.2f}")
for r in range(rounds):
    order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
    for op, words in ops.items():
        for s in order:
            cmd = ["perf", "stat", "-r", "15", "-x,", "-e", "task-clock,page-faults",
                   os.path.join(dirs[s], "checklists"), "--home", homes[s]] + words
            err = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
            for line in err.splitlines():
                fields = line.split(",")
                if "task-clock" in line:
                    res[(op, s)]["cpu"].append(float(fields[0]))
                elif "page-faults" in line:
                    res[(op, s)]["faults"].append(float(fields[0]))
print(f"load at end {os.getloadavg()[0]:.2f}")
for op in ops:
    b, a = res[(op, "before")], res[(op, "after")]
    ratio = statistics.median([x / y for x, y in zip(a["cpu"], b["cpu"])])
    print(f"{op:12s} CPU before {statistics.median(b['cpu']):5.2f} ms after {statistics.median(a['cpu']):5.2f} ms"
          f" | after/before {ratio:.2f} | page faults {statistics.median(b['faults']):.0f} →"
          f" {statistics.median(a['faults']):.0f}")
