#!/usr/bin/python3
"""Pairs two builds on one import, run by run (issues 13 and 16).

    /usr/bin/python3 bench/interchange-pair.py BEFORE_BIN AFTER_BIN FILE [RUNS] [import|ios]

Each run imports FILE (a JSON backup, a vdir, or with `ios` an iOS archive) into a fresh,
nonexistent home, as `bench.py --only peer` times its "full import": the two builds alternate,
which one goes first alternating too, so both see the same load. Prints the median wall time and
CPU time (user + system, all threads) of each build, the median of the per-pair ratios
after/before, and the load average at the start and the end.
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

before, after, source = sys.argv[1:4]
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
kind = sys.argv[5] if len(sys.argv) > 5 else "import"
env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "CHECKLISTS_KEYCHAIN": "file"}
work = tempfile.mkdtemp(prefix="checklists-pair.")


def once(binary, n):
    home = os.path.join(work, f"h{n}")
    args = [binary, "--keychain", "file", "--home", home, "import"] + (["ios"] if kind == "ios" else [])
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args + [source, "--quiet"], env=dict(env, HOME=home), check=True)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(home)
    return wall, (now.ru_utime + now.ru_stime) - (used.ru_utime + used.ru_stime)


print(f"load at start {os.getloadavg()[0]:.2f}")
results = {"before": [], "after": []}
ratios = []
try:
    for n in range(runs + 2):
        order = [("before", before), ("after", after)] if n % 2 == 0 else [("after", after), ("before", before)]
        pair = {name: once(binary, n) for name, binary in order}
        if n < 2:
            continue  # warm-up
        for name in pair:
            results[name].append(pair[name])
        ratios.append(pair["after"][0] / pair["before"][0])
finally:
    shutil.rmtree(work, ignore_errors=True)
for name in ["before", "after"]:
    walls = [w for w, _ in results[name]]
    cpus = [c for _, c in results[name]]
    print(f"{name:7} wall median {statistics.median(walls) * 1000:7.1f} ms (min {min(walls) * 1000:.1f})"
          f"  cpu median {statistics.median(cpus) * 1000:7.1f} ms")
print(f"after/before: median of {runs} paired ratios (wall) {statistics.median(ratios):.2f}")
print(f"load at end {os.getloadavg()[0]:.2f}")
