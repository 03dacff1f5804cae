#!/usr/bin/python3
"""Pairs two builds on `item add`, `item toggle` and `lists` (docs/BENCHMARKS.md, bench6 section).

Usage: pair-commands.py BEFORE_DIR AFTER_DIR BEFORE_HOME AFTER_HOME [ROUNDS] [ITEM_ID]

Each home is a store made by that build's own `checklists-bench populate HOME 100 100` (a newer
schema is refused by an older binary). Each round is one `hyperfine -N -w 3 -r 15` call with all
six commands, the order of the two builds alternating between rounds; prints medians, means and
the median of the per-round ratios after/before. Run it with the environment bench.py uses
(LANG=C.UTF-8, TZ=UTC, a private HOME and XDG_RUNTIME_DIR, no D-Bus).
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

args = sys.argv[1:]
if len(args) < 4:
    raise SystemExit(__doc__)
dirs = {"before": args[0], "after": args[1]}
homes = {"before": args[2], "after": args[3]}
rounds = int(args[4]) if len(args) > 4 else 6
item = args[5] if len(args) > 5 else "510"
ops = {"item add": ["item", "add", "List 5", "Bench"], "item toggle": ["item", "toggle", item], "lists": ["lists"]}
times = {(op, s): [] for op in ops for s in dirs}
ratios = {op: [] for op in ops}
out = os.path.join(tempfile.mkdtemp(prefix="clpair."), "round.json")
print(f"load at start {os.getloadavg()[0]:.2f}")
for r in range(rounds):
    order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
    cmd = ["hyperfine", "-N", "-w", "3", "-r", "15", "--style", "none", "--export-json", out]
    for op, words in ops.items():
        for s in order:
            line = [os.path.join(dirs[s], "checklists"), "--home", homes[s]] + words
            cmd += ["-n", f"{s}|{op}", " ".join(shlex.quote(w) for w in line)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    medians = {}
    for res in json.load(open(out))["results"]:
        s, op = res["command"].split("|")
        times[(op, s)] += res["times"]
        medians[(op, s)] = res["median"]
    for op in ops:
        ratios[op].append(medians[(op, "after")] / medians[(op, "before")])
print(f"load at end {os.getloadavg()[0]:.2f}")
for op in ops:
    b, a = times[(op, "before")], times[(op, "after")]
    print(f"{op:12s} before median {statistics.median(b) * 1000:6.1f} mean {statistics.mean(b) * 1000:6.1f} ms | "
          f"after median {statistics.median(a) * 1000:6.1f} mean {statistics.mean(a) * 1000:6.1f} ms | "
          f"after/before {statistics.median(ratios[op]):.2f}")
